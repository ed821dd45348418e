/**
 * Links between features that carry an intent, so the screen that opens and the button that links
 * to it agree on one spelling.
 */

/** The Content Repository's query parameter that opens its 'Add Content' form at once. */
export const addContentParam = 'add';

/** The Content Repository with its 'Add Content' form open (the admin dashboard's shortcut). */
export const addContentPath = `/app/manage/content?${addContentParam}=1`;
