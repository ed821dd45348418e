// Imported first by main.ts, so it runs before any other module of the server is evaluated.
import { nodeVersionProblem } from './lib/node-version.js';

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
