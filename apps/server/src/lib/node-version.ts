/**
 * The Node.js major version FitPost needs (the root package.json's `engines` and its pinned `node`
 * devDependency say the same; node-version.test.ts keeps them in step). Older ones start, then
 * fail on the first call to something newer (`Map.groupBy` answered 500 on Node 20, issue 25).
 */
export const requiredNodeMajor = 24;

/** One line explaining why `version` cannot run FitPost and how to run it instead; null if it can. */
export function nodeVersionProblem(version: string): string | null {
  const major = Number(version.replace(/^v/, '').split('.')[0]);
  if (major >= requiredNodeMajor) return null;
  return (
    `FitPost needs Node.js ${requiredNodeMajor} or later, but this is Node.js ${version}. ` +
    `Run it with the project's own Node.js, installed by npm ci: ` +
    `node_modules/.bin/node apps/server/dist/main.js (or npx node apps/server/dist/main.js).`
  );
}
