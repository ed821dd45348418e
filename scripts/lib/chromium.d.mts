// Types of chromium.mjs for the TypeScript that imports it (playwright.config.ts).
export declare const chromiumPath: string;
export declare const chromiumFlags: string[];
