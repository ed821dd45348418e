import { z } from 'zod';
import { connectionStatus, network } from './social.js';
import { calendarRangeProblem, postBody } from './posts.js';
import { httpUrl, instant, text, timeZone } from './common.js';
import { formatCount } from './constants.js';
import { healthClaimWarnings } from './health-claims.js';
import {
  fillMergeFields,
  mergeFieldNames,
  unknownMergeFieldMessage,
  unknownMergeFields,
} from './merge-fields.js';

/**
 * Auto-Post (spec §1): content the organisation's admins schedule once, which FitPost publishes at
 * that time to the connected accounts of every member who opted in.
 */
export const autoPostLimits = {
  /** Caption variants for X, which refuses identical text across many accounts. */
  maxXVariants: 20,
  /** The longest window X sends may be spread over. */
  maxXSpreadMinutes: 24 * 60,
} as const;

export const autoPostMessages = {
  noNetworks: 'Choose at least one network for the Auto-Post.',
  noContent: 'Please add at least a body or a graphic',
  past: 'The scheduled time has passed. Choose a time in the future.',
  started: 'This Auto-Post has already started publishing; it can no longer be changed.',
  cancelled: 'This Auto-Post was canceled.',
  duplicateVariants: 'Each X caption variant must be different.',
  notOptedIn: 'Turn on Auto-Post for at least one connected account to receive Auto-Posts.',
  adminOnly: 'Only administrators can schedule Auto-Posts.',
  spread: `Spread X posts over 0 to ${formatCount(autoPostLimits.maxXSpreadMinutes)} minutes.`,
} as const;

export const autoPostStatuses = ['scheduled', 'fanning_out', 'done', 'cancelled'] as const;
const autoPostStatus = z.enum(autoPostStatuses);
export type AutoPostStatus = z.infer<typeof autoPostStatus>;

const trimmed = (max: number) => text.trim().max(max);

/** POST /api/autoposts and PUT /api/autoposts/{id}: what an admin schedules. */
export const autoPostUpsert = z
  .object({
    contentId: z.uuid().nullable().optional(),
    body: postBody.default(''),
    mediaId: z.uuid().nullable().optional(),
    link: httpUrl().nullable().optional(),
    networks: z.array(network).max(4).default([]),
    /** Caption variants for X; members on X each get one. Empty: X gets `body`. */
    xVariants: z.array(trimmed(280).min(1)).max(autoPostLimits.maxXVariants).default([]),
    /** X sends are spread evenly over this many minutes after the scheduled time. */
    xSpreadMinutes: z.number().int().min(0).max(autoPostLimits.maxXSpreadMinutes).default(0),
    scheduledAt: instant,
    timeZone: timeZone.default('UTC'),
    /** Tag the link with UTM parameters per member and network; unset: the organisation's default. */
    utm: z.boolean().optional(),
    /**
     * The admin has checked the health claims the text carries (issue 30): without it, a text
     * with warnings is refused (422) naming each phrase.
     */
    acknowledgeWarnings: z.boolean().optional(),
  })
  .superRefine((a, ctx) => {
    const unknownIn = (value: string, path: (string | number)[]) => {
      const unknown = unknownMergeFields(value);
      if (unknown.length > 0)
        ctx.addIssue({ code: 'custom', path, message: unknownMergeFieldMessage(unknown) });
    };
    unknownIn(a.body, ['body']);
    a.xVariants.forEach((variant, i) => unknownIn(variant, ['xVariants', i]));
    if (!a.body.trim() && !a.mediaId)
      ctx.addIssue({ code: 'custom', path: ['body'], message: autoPostMessages.noContent });
    if (new Set(a.networks).size === 0)
      ctx.addIssue({ code: 'custom', path: ['networks'], message: autoPostMessages.noNetworks });
    if (new Set(a.xVariants).size !== a.xVariants.length)
      ctx.addIssue({ code: 'custom', path: ['xVariants'], message: autoPostMessages.duplicateVariants });
  });
export type AutoPostUpsert = z.input<typeof autoPostUpsert>;

/**
 * The texts an Auto-Post's health claims are checked in (issue 30): the body and, when it goes to
 * X, the X variants, with merge fields filled as for a member without details (fallbacks in, bare
 * fields dropped), so a claim is read as members send it. The server and the form both use it.
 */
export function autoPostClaimTexts(a: {
  body: string;
  networks: readonly string[];
  xVariants: readonly string[];
}): string[] {
  return [a.body, ...(a.networks.includes('x') ? a.xVariants : [])]
    .map((text) => fillMergeFields(text, {}))
    .filter((text) => text.trim() !== '');
}

/** Progress of one network's sends. */
const autoPostNetworkStats = z.object({
  network,
  targets: z.number().int(),
  published: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
});

export const autoPost = z
  .object({
    id: z.uuid(),
    contentId: z.uuid().nullable(),
    body: z.string(),
    mediaId: z.uuid().nullable(),
    mediaUrl: z.string().nullable(),
    link: z.string().nullable(),
    networks: z.array(network),
    xVariants: z.array(z.string()),
    xSpreadMinutes: z.number().int(),
    scheduledAt: z.iso.datetime(),
    timeZone: z.string(),
    status: autoPostStatus,
    utm: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    /** The health claims in its texts with merge fields filled, as checked when it was last saved. */
    warnings: healthClaimWarnings,
    /** Who checked those claims and when; null when it has none. */
    claimsAcknowledged: z
      .object({ by: z.object({ id: z.uuid().nullable(), fullName: z.string() }), at: z.iso.datetime() })
      .nullable(),
  })
  .meta({ id: 'AutoPost' });
export type AutoPost = z.infer<typeof autoPost>;

/**
 * Held: a scheduled Auto-Post with health claims no admin has checked (a change of the
 * organisation's rules found them after it was scheduled). It does not go out, at its time or
 * later, until an admin edits it and checks them (the server's fan-out, autoposts/fanout.ts).
 */
export function heldForClaims(ap: Pick<AutoPost, 'status' | 'warnings' | 'claimsAcknowledged'>): boolean {
  return ap.status === 'scheduled' && ap.warnings.length > 0 && ap.claimsAcknowledged === null;
}

/** GET /api/autoposts/{id} for admins: the Auto-Post with its fan-out results, live. */
export const autoPostDetail = autoPost
  .extend({
    progress: z.object({
      membersReached: z.number().int(),
      /** Opted-in accounts left out because they were disconnected or need reconnecting. */
      skippedAccounts: z.number().int(),
      /** Members who skipped this occurrence or made it their own Custom Post. */
      skippedMembers: z.number().int(),
      customised: z.number().int(),
      byNetwork: z.array(autoPostNetworkStats),
      fanoutStartedAt: z.iso.datetime().nullable(),
      fanoutFinishedAt: z.iso.datetime().nullable(),
    }),
  })
  .meta({ id: 'AutoPostDetail' });
export type AutoPostDetail = z.infer<typeof autoPostDetail>;

export const autoPostListQuery = z.object({
  from: instant.optional(),
  to: instant.optional(),
  status: autoPostStatus.optional(),
});
export const autoPostList = z.array(autoPost);

export const autoPostIdParams = z.object({ id: z.uuid() });

/** A member's choice for one occurrence (calendar buttons 'Auto-Post' / 'Custom Post', or skip). */
/** The choices a member's answer records; `auto` is what no answer means. */
export const recordedAutoPostChoices = ['skip', 'custom'] as const;
const autoPostChoices = ['auto', ...recordedAutoPostChoices] as const;
const autoPostChoice = z.enum(autoPostChoices);
export type AutoPostChoice = z.infer<typeof autoPostChoice>;
export const autoPostChoiceBody = z.object({ choice: autoPostChoice });
/** PUT /api/autoposts/{id}/choice answers with the choice in force and the member's own post, if any. */
export const autoPostChoiceResult = z.object({ choice: autoPostChoice, customPostId: z.uuid().nullable() });
export type AutoPostChoiceResult = z.infer<typeof autoPostChoiceResult>;

/**
 * GET /api/autoposts/upcoming: optionally only those scheduled in [from, to) — the calendar asks for
 * the period it shows, at most `calendarLimits.maxRangeDays` at once; without a range, the next 100.
 */
export const upcomingAutoPostsQuery = z
  .object({
    from: instant.optional(),
    to: instant.optional(),
  })
  .superRefine((q, ctx) => {
    if ((q.from === undefined) !== (q.to === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [q.from ? 'to' : 'from'],
        message: 'Give both ends of the range',
      });
      return;
    }
    if (q.from === undefined || q.to === undefined) return;
    const problem = calendarRangeProblem(q.from, q.to);
    if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
  });

/** GET /api/autoposts/upcoming: what this member will receive, on which of their accounts. */
const memberAutoPost = autoPost
  .pick({ id: true, body: true, mediaUrl: true, link: true, scheduledAt: true, timeZone: true, status: true })
  .extend({
    contentId: z.uuid().nullable(),
    /** The member's opted-in accounts it will go to (empty when skipped or customised). */
    accounts: z.array(z.object({ connectionId: z.uuid(), network, accountName: z.string() })),
    choice: autoPostChoice,
    /** The member's own post when they chose 'custom'. */
    customPostId: z.uuid().nullable(),
  })
  .meta({ id: 'MemberAutoPost' });
export type MemberAutoPost = z.infer<typeof memberAutoPost>;
export const memberAutoPostList = z.array(memberAutoPost);

/** GET/PUT /api/autoposts/settings: Auto-Post opt-in per connected account. */
export const autoPostSettings = z.object({
  accounts: z.array(
    z.object({
      connectionId: z.uuid(),
      network,
      accountName: z.string(),
      status: connectionStatus,
      enabled: z.boolean(),
    }),
  ),
});
export type AutoPostSettings = z.infer<typeof autoPostSettings>;
export const autoPostSettingsBody = z.object({
  accounts: z
    .array(z.object({ connectionId: z.uuid(), enabled: z.boolean() }))
    .min(1)
    .max(50),
});

/** GET /api/autoposts/{id}/preview: a sample of opted-in members, or the one asked for. */
export const autoPostPreviewQuery = z.object({ userId: z.uuid().optional() });

/** Why a member is in the preview. */
const previewReasons = ['first', 'missing', 'random', 'searched'] as const;

/** One member's posts as they will be published: merge fields filled, the link as sent. */
const autoPostMemberPreview = z.object({
  userId: z.uuid(),
  fullName: z.string(),
  thumbnailUrl: z.string(),
  reason: z.enum(previewReasons),
  /** Fields this member has no value for (their fallback, or nothing, is used). */
  missingFields: z.array(z.enum(mergeFieldNames)),
  /** Whether the member has Auto-Post on for an account on this Auto-Post's networks. */
  optedIn: z.boolean(),
  posts: z.array(
    z.object({
      network,
      text: z.string(),
      link: z.string().nullable(),
      /** The member's connected account it goes to (null when they have none on the network). */
      account: z
        .object({ accountName: z.string(), handle: z.string().nullable(), pictureUrl: z.string() })
        .nullable(),
    }),
  ),
});
export type AutoPostMemberPreview = z.infer<typeof autoPostMemberPreview>;
export const autoPostPreview = z
  .object({ autoPostId: z.uuid(), members: z.array(autoPostMemberPreview) })
  .meta({ id: 'AutoPostPreview' });
export type AutoPostPreview = z.infer<typeof autoPostPreview>;

/** `networks=x,linkedin` (also repeated): the networks an Auto-Post being written goes to. */
const networkList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(network).min(1).max(network.options.length));

/** GET /api/autoposts/member-details?networks: who would get an Auto-Post on these networks. */
export const memberDetailGapsQuery = z.object({ networks: networkList });

/** How many opted-in members there are, and how many of them have no value for each merge field. */
export const memberDetailGaps = z
  .object({
    members: z.number().int().min(0),
    missing: z.record(z.enum(mergeFieldNames), z.number().int().min(0)),
  })
  .meta({ id: 'MemberDetailGaps' });
export type MemberDetailGaps = z.infer<typeof memberDetailGaps>;
