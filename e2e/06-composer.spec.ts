import { deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { authHeaders, expectAccessible, newMember, sandbox, signInToApp, skipTour } from './support/fitpost';
import { ensureOwnAccount } from './support/social';

/** This spec's coach (e2e/support: newMember), with an X and a LinkedIn account of their own. */
const coach = newMember('coach', 'Casey Coach');

/** The sandbox the e2e stack runs (playwright.config.ts): its published log shows what the networks accepted. */
/** The member's zone is the browser's here (no System Settings saved): a zone with daylight saving. */
const timeZone = 'America/New_York';
test.use({ timezoneId: timeZone });
// Signing in, connecting, uploading and axe on a machine shared by several runs.
test.describe.configure({ timeout: 120_000 });

const messages = {
  data: 'Please add at least a body or a graphic',
  network: 'Please select at least one social network',
};

type Network = 'x' | 'linkedin';

interface Published {
  network: string;
  text: string;
  mediaCount: number;
  altText?: string;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A real PNG the server accepts (≥ 200 px a side): a blue-to-orange gradient, made without any library. */
function gradientPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      const at = row + 1 + x * 3;
      rows[at] = Math.round((255 * x) / width);
      rows[at + 1] = 90;
      rows[at + 2] = Math.round(200 - (150 * y) / height);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** `YYYY-MM-DD` and `HH:mm` of an instant in the test's zone. */
function wallTime(instant: Date): { date: string; time: string } {
  const date = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
  return { date, time };
}

const networkChip = (page: Page, network: Network) =>
  page.getByRole('checkbox', { name: network === 'x' ? /^X / : /^LinkedIn / });

async function openComposer(page: Page) {
  await skipTour(page);
  await signInToApp(page, coach);
  await ensureOwnAccount(page, 'x');
  await ensureOwnAccount(page, 'linkedin');
  await page.goto('/app/posts/post');
  await expect(page.getByRole('heading', { level: 1, name: 'Create New' })).toBeVisible();
  await expect(networkChip(page, 'x')).toBeVisible();
  // A new post starts with the member's usual accounts ticked; these tests choose their own.
  const ticked = page.locator('.composer-networks input[type=checkbox]:checked');
  while ((await ticked.count()) > 0) await ticked.first().uncheck();
}

/** The outcome row of one network on the composer's result. */
const outcomeRow = (page: Page, name: 'X' | 'LinkedIn') =>
  page.getByRole('listitem').filter({ hasText: `${name} ·` });

test('the coach writes a post with an image for X and LinkedIn, previews both and schedules it two minutes ahead', async ({
  page,
}) => {
  await openComposer(page);
  const body = `Squat clinic this Saturday ${Date.now()} 💪`;
  await page.getByLabel('Post text').fill(body);

  await page.locator('input[type="file"]').setInputFiles({
    name: 'squat-clinic.png',
    mimeType: 'image/png',
    buffer: gradientPng(640, 400),
  });
  await expect(page.getByRole('img', { name: "Your post's graphic" })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Alt text').fill('A coach spotting a squat');

  await networkChip(page, 'x').check();
  await networkChip(page, 'linkedin').check();
  const counts = page.getByRole('list', { name: 'Characters used per network' });
  await expect(counts).toContainText('X');
  await expect(counts).toContainText('LinkedIn');

  // Both previews: the text and the image as each network lays them out.
  const xPreview = page.getByRole('article', { name: /^X preview/ });
  const linkedInPreview = page.getByRole('article', { name: /^LinkedIn preview/ });
  for (const preview of [xPreview, linkedInPreview]) {
    await expect(preview).toContainText(body);
    await expect(preview.getByRole('img', { name: 'A coach spotting a squat' })).toBeVisible();
  }

  // Two minutes ahead (at least), typed as a date and time in the member's zone, which is shown.
  const due = new Date(Math.ceil((Date.now() + 2 * 60_000) / 60_000) * 60_000 + 60_000);
  const { date, time } = wallTime(due);
  await page.getByRole('radio', { name: 'Schedule' }).check();
  await page.getByLabel('Date').fill(date);
  await page.getByLabel('Time').fill(time);
  await expect(page.getByTestId('composer-zone')).toContainText('America/New York');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Schedule Post' }).click();
  await expect(page.getByRole('heading', { name: 'Scheduled' })).toBeVisible();
  await expect(outcomeRow(page, 'X')).toContainText('Scheduled');
  await expect(outcomeRow(page, 'LinkedIn')).toContainText('Scheduled');
  await expectAccessible(page);

  // Saved as scheduled, for that instant, with the image.
  await expect(page).toHaveURL(/\?id=/);
  const id = new URL(page.url()).searchParams.get('id') ?? '';
  const res = await page.request.get(`/api/posts/${id}`, { headers: await authHeaders(page) });
  const post = (await res.json()) as { status: string; scheduledAt: string; mediaId: string | null };
  expect(post.status).toBe('scheduled');
  expect(post.scheduledAt).toBe(due.toISOString());
  expect(post.mediaId).not.toBeNull();

  // Reopened from its address, it is the editable post.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Post' })).toBeVisible();
  await expect(page.getByLabel('Post text')).toHaveValue(body);
  await expect(page.getByLabel('Time')).toHaveValue(time);
});

test("Post Now shows each network's progress, then 'Posted' with links once both networks have it", async ({
  page,
}) => {
  await openComposer(page);
  const since = new Date().toISOString();
  const body = `Mobility minute ${Date.now()}: hips and ankles`;
  await page.getByLabel('Post text').fill(body);
  await networkChip(page, 'x').check();
  await networkChip(page, 'linkedin').check();
  await page.getByRole('radio', { name: 'Post Now' }).check();
  await page.getByRole('button', { name: 'Post Now' }).click();
  // Post Now asks once, naming the accounts, before anything is sent.
  const confirm = page.getByRole('dialog').filter({ hasText: 'Post now to 2 accounts?' });
  await expect(confirm).toContainText('X ·');
  await expect(confirm).toContainText('LinkedIn ·');
  await expectAccessible(page);
  const published = async () => {
    const res = await page.request.get(`${sandbox}/_sandbox/published?since=${encodeURIComponent(since)}`);
    return ((await res.json()) as Published[]).filter((entry) => entry.text.includes(body));
  };
  expect(await published()).toEqual([]);
  await confirm.getByRole('button', { name: 'Post Now' }).click();

  await expect(page.getByRole('heading', { name: 'Posted' })).toBeVisible({ timeout: 45_000 });
  await expect(outcomeRow(page, 'X').getByRole('link', { name: 'View on X' })).toBeVisible();
  await expect(outcomeRow(page, 'LinkedIn').getByRole('link', { name: 'View on LinkedIn' })).toBeVisible();

  await expect
    .poll(async () => (await published()).map((entry) => entry.network).sort())
    .toEqual(['linkedin', 'x']);
  await expectAccessible(page);
});

test('the validation messages appear for an empty post and for no network', async ({ page }) => {
  await openComposer(page);
  await page.getByRole('button', { name: 'Add to Queue' }).click();
  await expect(page.getByText(messages.data)).toBeVisible();
  await expect(page.getByText(messages.network)).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Post text').fill('Only text, no network yet');
  await page.getByRole('button', { name: 'Add to Queue' }).click();
  await expect(page.getByText(messages.data)).toBeHidden();
  await expect(page.getByText(messages.network)).toBeVisible();

  // X's limit is counted as X counts (every link is 23) and shown beside the account.
  await networkChip(page, 'x').check();
  await expect(page.getByText(messages.network)).toBeHidden();
  await page
    .getByLabel('Post text')
    .fill(`${'a'.repeat(250)} https://fitpro.example.com/${'b'.repeat(80)} more`);
  await expect(page.getByRole('list', { name: 'Characters used per network' })).toContainText('X 279 / 280');
  await expect(page.getByText(/X allows 280 characters/)).toBeHidden();
  await page.getByLabel('Post text').fill(`${'a'.repeat(260)} https://fitpro.example.com/${'b'.repeat(80)}`);
  await expect(page.getByText('X allows 280 characters; this post has 284.')).toBeVisible();
});

test('choosing from the library fills the composer, and a content card opens it pre-filled', async ({
  page,
}) => {
  await openComposer(page);
  await page.getByRole('button', { name: 'Or Choose from Library' }).click();
  const drawer = page.getByRole('dialog', { name: 'Choose from Library' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('searchbox', { name: 'Search' }).fill('squat');
  const first = drawer.getByRole('listitem').first();
  await expect(first.getByRole('heading', { level: 3 })).toContainText(/squat/i);
  await expectAccessible(page);

  const title = (await first.getByRole('heading', { level: 3 }).textContent()) ?? '';
  const caption = (await first.locator('.library-result-caption').textContent()) ?? '';
  await first.getByRole('button', { name: `Use ${title}` }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByLabel('Post text')).toHaveValue(caption);
  await expect(page.getByText('Made from library content:')).toContainText(title);
  await expect(page.getByRole('region', { name: 'Upcoming posts with this content' })).toBeVisible();

  // From Browse Library: a card's 'Schedule Post' opens the composer with that item.
  await page.goto('/app/content');
  const card = page.getByRole('list', { name: 'Library content' }).getByRole('article').first();
  const cardTitle = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
  await card.getByRole('button', { name: 'Schedule Post' }).click();
  await expect(page).toHaveURL(/\/app\/posts\/post\?contentId=/);
  await expect(page.getByText('Made from library content:')).toContainText(cardTitle);
  await expect(page.getByLabel('Post text')).not.toHaveValue('');
});
