import { z } from 'zod';

/**
 * FitPost's own short links (issue 30): a published post's link goes out as
 * `<FITPOST_PUBLIC_URL>/l/<code>`, one random code per post target, and `GET /l/<code>` redirects to
 * the destination fixed when the post was published, counting the click.
 */
export const shortLinkLimits = {
  /** Characters in a code: 62^10 ≈ 8·10^17 codes, so guessing one is hopeless. */
  codeLength: 10,
} as const;

/** Where the redirect lives, under FITPOST_PUBLIC_URL. */
export const shortLinkPrefix = '/l/';

/** A code as FitPost writes it: letters and digits only, exactly `codeLength` of them. Anything else is not a link. */
export const shortLinkCode = z
  .string()
  .regex(
    new RegExp(`^[A-Za-z0-9]{${shortLinkLimits.codeLength}}$`),
    `must be ${shortLinkLimits.codeLength} letters or digits`,
  );

/**
 * GET/HEAD /l/{*}: everything after /l/ as the router read it (a wildcard, so no length or slash
 * is refused before the handler); the handler answers 404 to anything `shortLinkCode` refuses.
 */
export const shortLinkParams = z.object({ '*': z.string().meta({ description: 'The code' }) });

/** The plain page an unknown code gets (never a redirect). */
export const shortLinkMessages = {
  notFound: 'This link does not exist. Check that it was copied whole.',
} as const;

/** A link's counts: clicks by people, of which unique (per visitor and day), and link-preview fetches by crawlers. */
export const linkClickTotals = z.object({
  clicks: z.number().int(),
  uniqueClicks: z.number().int(),
  previews: z.number().int(),
});
export type LinkClickTotals = z.infer<typeof linkClickTotals>;

export const linkClickLabels: Record<keyof LinkClickTotals, string> = {
  clicks: 'Clicks',
  uniqueClicks: 'Unique clicks',
  previews: 'Link previews',
};

/** Reports' column of clicks on FitPost's links, beside the clicks a network itself reports. */
export const trackedClicksLabel = 'FitPost link clicks';
