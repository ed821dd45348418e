import { InboxOutlined } from '@ant-design/icons';
import {
  autoPostCsvColumns,
  autoPostImportLimits,
  autoPostImportWords as words,
  formatCount,
  type AutoPostImportResult,
} from '@fitpost/contract';
import { Alert, Button, Progress, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ApiError, errorText } from '@/lib/api-client';
import { useStoredUser } from '@/lib/session';
import { memberTimeZone } from '@/lib/zoned-time';
import { useImportPlan } from '@/lib/api/auto-posts/import-plan';
import { PlanPreviewTable } from '../components/plan-preview-table';
import { readPlanFile, templateCsv } from '../model/plan-file';
import '../autopost.css';

type Step =
  | { kind: 'idle' }
  | { kind: 'reading'; name: string; percent: number }
  | { kind: 'checking'; name: string; rows: number }
  | { kind: 'refused'; name: string; message: string }
  | { kind: 'checked'; name: string; csv: string; result: AutoPostImportResult }
  | { kind: 'scheduled'; count: number };

/** /app/manage/autopost/import: Import a Plan (issue 29), admins only. */
export function ImportPlanRoute() {
  const zone = memberTimeZone(useStoredUser());
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const importPlan = useImportPlan();
  const template = useMemo(
    () => `data:text/csv;charset=utf-8,${encodeURIComponent(templateCsv(zone))}`,
    [zone],
  );

  async function check(name: string, csv: string, rows: number) {
    setStep({ kind: 'checking', name, rows });
    try {
      const result = await importPlan.mutateAsync({ csv, dryRun: true });
      setStep({ kind: 'checked', name, csv, result });
    } catch (error) {
      setStep({ kind: 'refused', name, message: errorText(error) });
    }
  }

  async function choose(file: File) {
    setStep({ kind: 'reading', name: file.name, percent: 0 });
    const read = await readPlanFile(file, (percent) =>
      setStep({ kind: 'reading', name: file.name, percent }),
    );
    if (!read.ok) setStep({ kind: 'refused', name: file.name, message: read.message });
    else await check(file.name, read.text, read.rows);
  }

  async function schedule(name: string, csv: string, rows: number) {
    try {
      const result = await importPlan.mutateAsync({ csv, dryRun: false });
      setStep({ kind: 'scheduled', count: result.created.length });
    } catch (error) {
      // 422: a row became invalid since the check (its time passed): check again to show which.
      if (error instanceof ApiError && error.status === 422) await check(name, csv, rows);
      else setStep({ kind: 'refused', name, message: errorText(error) });
    }
  }

  const busy = step.kind === 'reading' || step.kind === 'checking' || importPlan.isPending;
  return (
    <>
      <PageHeader
        title={words.title}
        description="Schedule many Auto-Posts at once from a spreadsheet saved as CSV: one Auto-Post a row. Every row is checked as Schedule Auto-Post checks it, and nothing is scheduled until every row is right."
      />
      <section className="panel plan-import" aria-labelledby="plan-file-title">
        <h2 id="plan-file-title" className="section-title">
          Choose the file
        </h2>
        <p>
          The first row names the columns, in any order: <code>{autoPostCsvColumns.join(', ')}</code>. Date as
          YYYY-MM-DD, time as HH:MM (24-hour), an empty zone is the organization’s default, networks separated
          by <code>;</code>.{' '}
          <a href={template} download={words.templateFile}>
            {words.template}
          </a>
        </p>
        <Upload.Dragger
          accept=".csv,text/csv"
          multiple={false}
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            void choose(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined aria-hidden="true" />
          </p>
          <p className="ant-upload-text">Drag a CSV file here, or click to choose one</p>
          <p className="ant-upload-hint">
            UTF-8 CSV, at most 1 MB and {formatCount(autoPostImportLimits.maxRows)} rows.
          </p>
        </Upload.Dragger>
        <div aria-live="polite" className="plan-status">
          {step.kind === 'reading' ? (
            <>
              <p>Reading {step.name}…</p>
              <Progress percent={step.percent} aria-label={`Reading ${step.name}`} />
            </>
          ) : step.kind === 'checking' ? (
            <>
              <p>
                Checking {formatCount(step.rows)} row{step.rows === 1 ? '' : 's'} of {step.name}…
              </p>
              <Progress percent={100} status="active" showInfo={false} aria-label={`Checking ${step.name}`} />
            </>
          ) : step.kind === 'scheduled' ? (
            <Alert
              type="success"
              showIcon
              title={`Scheduled ${formatCount(step.count)} Auto-Post${step.count === 1 ? '' : 's'}.`}
              description={<Link to="/app/manage">See them on the Administration Dashboard</Link>}
            />
          ) : null}
        </div>
        {step.kind === 'refused' ? (
          <Alert type="error" showIcon title={`${step.name} cannot be imported`} description={step.message} />
        ) : null}
      </section>
      {step.kind === 'checked' ? (
        <section className="panel" aria-labelledby="plan-preview-title">
          <div className="tab-header">
            <h2 id="plan-preview-title" className="section-title">
              Preview of {step.name}
            </h2>
            <Button
              type="primary"
              disabled={step.result.invalid > 0 || step.result.valid === 0}
              loading={importPlan.isPending}
              onClick={() => void schedule(step.name, step.csv, step.result.rows.length)}
            >
              {words.schedule(step.result.valid)}
            </Button>
          </div>
          <p className="plan-counts">
            <span className="plan-ok">{formatCount(step.result.valid)} ready</span>
            {' · '}
            <span className={step.result.invalid > 0 ? 'plan-bad' : undefined}>
              {formatCount(step.result.invalid)} with problems
            </span>
          </p>
          {step.result.invalid > 0 ? (
            <Alert
              type="warning"
              showIcon
              title="Fix the marked cells in your spreadsheet, save it as CSV and choose the file again. Nothing is scheduled until every row is right."
            />
          ) : null}
          <PlanPreviewTable rows={step.result.rows} />
        </section>
      ) : null}
    </>
  );
}
