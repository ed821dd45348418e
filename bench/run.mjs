// `npm run bench [startup|memory|web|everyday|api|publish|library|calendar|fanout|scale|uploads|messages|links|import]`: FitPost's benchmarks, printed as
// Markdown for docs/benchmarks.md. Run `npm run build` first. Each part is bounded and stops its own processes.
import os from 'node:os';
import { hostSpeedIndex } from '../scripts/lib/host-speed.mjs';

const only = process.argv[2];
const parts = {
  startup: async () => (await import('./startup.mjs')).benchStartup(),
  memory: async () => (await import('./startup.mjs')).benchMemoryAtRest(),
  web: async () => (await import('./web.mjs')).benchWeb(),
  everyday: async () => (await import('./everyday.mjs')).benchEveryday(),
  api: async () => (await import('./api.mjs')).benchApi(),
  publish: async () => (await import('./publish.mjs')).benchPublish(),
  library: async () => (await import('./library.mjs')).benchLibrary(),
  calendar: async () => (await import('./calendar.mjs')).benchCalendar(),
  fanout: async () => (await import('./fanout.mjs')).benchFanout(),
  scale: async () => (await import('./scale.mjs')).benchScale(),
  uploads: async () => (await import('./uploads.mjs')).benchUploads(),
  messages: async () => (await import('./messages.mjs')).benchMessages(),
  links: async () => (await import('./links.mjs')).benchLinks(),
  import: async () => (await import('./autopost-import.mjs')).benchAutoPostImport(),
};
const cpu = os.cpus();
console.log(
  `Machine: ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; host speed index ${hostSpeedIndex().index} at the start (scripts/lib/host-speed.mjs), load average ${os.loadavg()[0].toFixed(1)}\n`,
);
for (const [name, run] of Object.entries(parts)) {
  if (only && only !== name) continue;
  console.log(`## ${name}\n\n${await run()}\n`);
}
