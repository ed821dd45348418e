import {
  autoPostCsvColumns,
  autoPostImportMessages,
  csvMessages,
  type AutoPostImportBody,
  type AutoPostImportResult,
  type AutoPostImportRow,
} from '@fitpost/contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/msw-server';
import { admin, mount } from '../test/autopost-kit';
import { ImportPlanRoute } from './import-plan';

function open() {
  const mounted = mount(<ImportPlanRoute />, {
    user: admin,
    path: '/app/manage/autopost/import',
    at: '/app/manage/autopost/import',
  });
  const input = () => {
    const found = mounted.container.querySelector<HTMLInputElement>('input[type=file]');
    if (!found) throw new Error('no file input');
    return found;
  };
  return { ...mounted, input };
}

const csvFile = (text: string | Uint8Array<ArrayBuffer>, name = 'plan.csv') =>
  new File([text], name, { type: 'text/csv' });
const good = 'date,time,text,networks\n2030-05-01,09:00,Stretch!,x\n2030-05-02,09:00,Hydrate!,x;linkedin\n';

function row(line: number, overrides: Partial<AutoPostImportRow> = {}): AutoPostImportRow {
  return {
    row: line,
    ok: true,
    errors: [],
    scheduledAt: '2030-05-01T09:00:00.000Z',
    preview: {
      date: '2030-05-01',
      time: '09:00',
      timeZone: 'America/New_York',
      networks: ['x'],
      text: `Row ${line}`,
    },
    ...overrides,
  };
}

/** Answers the import as the server would: a bad network on line 3 until the file no longer has it. */
function importServer(requests: AutoPostImportBody[]) {
  server.use(
    http.post('/api/autoposts/import', async ({ request }) => {
      const body = (await request.json()) as AutoPostImportBody;
      requests.push(body);
      const bad = body.csv.includes('myspace');
      const rows = [
        row(2),
        bad
          ? row(3, {
              ok: false,
              errors: [{ column: 'networks', message: autoPostImportMessages.unknownNetwork('myspace') }],
              preview: { ...row(3).preview, networks: ['x', 'myspace'] },
            })
          : row(3),
      ];
      const result: AutoPostImportResult = {
        rows,
        valid: bad ? 1 : 2,
        invalid: bad ? 1 : 0,
        created:
          body.dryRun || bad
            ? []
            : ['a1a1a1a1-1111-4111-8111-111111111111', 'b1b1b1b1-1111-4111-8111-111111111111'],
      };
      return HttpResponse.json(result);
    }),
  );
}

describe('Import a Plan', () => {
  it('previews a file with a bad row, marks the cell, and schedules once the fixed file is chosen', async () => {
    const requests: AutoPostImportBody[] = [];
    importServer(requests);
    const { user, input } = open();
    expect(screen.getByRole('heading', { level: 1, name: 'Import a Plan' })).toBeInTheDocument();

    await user.upload(input(), csvFile(good.replace('x;linkedin', 'x;myspace')));
    const bad = await screen.findByRole('row', { name: /myspace/ });
    expect(within(bad).getByText(autoPostImportMessages.unknownNetwork('myspace'))).toBeInTheDocument();
    expect(screen.getByText('1 ready')).toBeInTheDocument();
    expect(screen.getByText('1 with problems')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Schedule 1 Auto-Post' })).toBeDisabled();
    expect(requests).toEqual([{ csv: expect.stringContaining('myspace') as string, dryRun: true }]);

    await user.upload(input(), csvFile(good));
    const schedule = await screen.findByRole('button', { name: 'Schedule 2 Auto-Posts' });
    expect(schedule).toBeEnabled();
    expect(screen.getByText('0 with problems')).toBeInTheDocument();
    await user.click(schedule);
    expect(await screen.findByText('Scheduled 2 Auto-Posts.')).toBeInTheDocument();
    expect(requests.map((r) => r.dryRun)).toEqual([true, true, false]);
    expect(requests[2]?.csv).toBe(good);
  });

  it('refuses a file over the limits or not in UTF-8 before sending it', async () => {
    const requests: AutoPostImportBody[] = [];
    importServer(requests);
    const { user, input } = open();

    await user.upload(input(), csvFile(`date,time,text,networks\n${'a'.repeat(1024 * 1024)}\n`, 'big.csv'));
    const big = await screen.findByRole('alert');
    expect(big).toHaveTextContent('big.csv cannot be imported');
    expect(big).toHaveTextContent('at most 1 MB and 1,000 rows');

    // "café" in Latin-1: byte 0xE9 is not UTF-8.
    const latin1 = new Uint8Array([
      ...new TextEncoder().encode('date,time,text,networks\n2030-05-01,09:00,caf'),
      0xe9,
      0x2c,
      0x78,
      0x0a,
    ]);
    await user.upload(input(), csvFile(latin1, 'latin1.csv'));
    expect(await screen.findByText(csvMessages.notUtf8)).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('offers a template CSV with every column', () => {
    open();
    const link = screen.getByRole('link', { name: 'Download a template CSV' });
    expect(link).toHaveAttribute('download', 'auto-post-plan-template.csv');
    const csv = decodeURIComponent(link.getAttribute('href')?.split(',').slice(1).join(',') ?? '');
    expect(csv.split('\r\n')[0]).toBe(autoPostCsvColumns.join(','));
  });
});
