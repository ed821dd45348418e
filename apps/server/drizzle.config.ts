import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/db/schema.ts',
    './src/db/schema-posts.ts',
    './src/db/schema-library.ts',
    './src/db/schema-autopost.ts',
    './src/db/schema-announcements.ts',
    './src/db/schema-messages.ts',
    './src/db/schema-metrics.ts',
    './src/db/schema-queue.ts',
    './src/db/schema-settings.ts',
    './src/db/schema-email.ts',
    './src/db/schema-links.ts',
  ],
  out: './src/db/migrations',
});
