import { z } from 'zod';
import { addDays, fromWallTime, toWallTime } from './zoned-time.js';

/**
 * The posting queue: each member keeps weekly time slots (a weekday and a clock time in their own
 * time zone), and 'Add to Queue' puts a post into the next slot no post of theirs holds yet.
 */

export const queueLimits = {
  /** Slots a member may keep in one week (ten a day, every day, is already a lot). */
  maxSlots: 70,
  /** How far ahead the next free slot is looked for before the queue counts as full. */
  horizonWeeks: 12,
} as const;

/** Weekdays as ISO 8601 numbers them: 1 Monday … 7 Sunday. */
export const weekdayNames = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

export const queueMessages = {
  duplicate: 'Each slot may appear only once',
  time: 'must be a time such as 09:00 or 17:30 (24-hour)',
  full: `Your queue has no free slot in the next ${queueLimits.horizonWeeks} weeks. Add time slots in Settings → System Settings, or choose a time.`,
  queueAndTime: 'Add to the queue, or choose a time — not both',
} as const;

const queueSlot = z
  .object({
    /** 1 Monday … 7 Sunday (ISO 8601). */
    weekday: z.number().int().min(1).max(7),
    /** `HH:mm`, 24-hour, in the member's time zone. */
    time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, queueMessages.time),
  })
  .meta({ id: 'QueueSlot' });
export type QueueSlot = z.infer<typeof queueSlot>;

/** Monday first, then by time: how slots are stored, answered and shown. */
export function sortSlots<T extends QueueSlot>(slots: readonly T[]): T[] {
  return [...slots].sort((a, b) => a.weekday - b.weekday || a.time.localeCompare(b.time));
}

/** PUT /api/queue/slots: the member's whole week, replacing what was there. */
export const queueSlotsPut = z
  .object({ slots: z.array(queueSlot).min(1).max(queueLimits.maxSlots) })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.slots.forEach((slot, i) => {
      const key = `${slot.weekday} ${slot.time}`;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['slots', i], message: queueMessages.duplicate });
      seen.add(key);
    });
  });
export type QueueSlotsPut = z.input<typeof queueSlotsPut>;

/** GET/PUT /api/queue/slots: the slots, the zone they are read in, and the next one free. */
export const queueSlots = z
  .object({
    /** The member's time zone (System Settings), else the organisation's. */
    timeZone: z.string(),
    slots: z.array(queueSlot),
    /** True while the member has saved none of their own: these are FitPost's suggestions. */
    isDefault: z.boolean(),
    /** The next slot no post of the member's holds, or null when the queue is full. */
    nextFree: z.iso.datetime().nullable(),
  })
  .meta({ id: 'QueueSlots' });
export type QueueSlots = z.infer<typeof queueSlots>;

/** GET /api/queue: what 'Add to Queue' would do now. */
export const queueSummary = z
  .object({
    timeZone: z.string(),
    nextFree: z.iso.datetime().nullable(),
    /**
     * The accounts the member usually posts to: those of their last post that are still connected,
     * else every connected account.
     */
    usualConnectionIds: z.array(z.uuid()),
  })
  .meta({ id: 'QueueSummary' });
export type QueueSummary = z.infer<typeof queueSummary>;

/** The slot a queued post took, as the save's answer names it. */
export const queueSlotTaken = queueSlot
  .extend({ scheduledAt: z.iso.datetime(), timeZone: z.string() })
  .meta({ id: 'QueueSlotTaken' });
export type QueueSlotTaken = z.infer<typeof queueSlotTaken>;

/** Three a day, every day: morning, lunch and early evening, when people read their feeds. */
export const defaultQueueSlots: QueueSlot[] = [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) =>
  ['09:00', '12:30', '18:00'].map((time) => ({ weekday, time })),
);

/** The ISO weekday (1 Monday … 7 Sunday) of a `YYYY-MM-DD` date. */
function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/**
 * The slots' instants after `from`, soonest first, for `weeks` weeks: each slot read as a wall
 * time in `zone` on each matching day (DST-safe: a slot the clocks skip goes out at the time the
 * clocks show instead, a repeated one at its first occurrence). Two slots that land on one instant
 * count once.
 */
export function slotInstants(
  slots: readonly QueueSlot[],
  zone: string,
  from: number,
  weeks: number = queueLimits.horizonWeeks,
): { at: string; slot: QueueSlot }[] {
  const today = toWallTime(from, zone).date;
  const found = new Map<string, QueueSlot>();
  for (let offset = 0; offset <= weeks * 7; offset += 1) {
    const date = addDays(today, offset);
    const weekday = isoWeekday(date);
    for (const slot of slots) {
      if (slot.weekday !== weekday) continue;
      const at = fromWallTime({ date, time: slot.time }, zone).instant;
      if (Date.parse(at) > from && !found.has(at)) found.set(at, slot);
    }
  }
  return [...found.entries()]
    .sort(([a], [b]) => Date.parse(a) - Date.parse(b))
    .map(([at, slot]) => ({ at, slot }));
}

/** The first of the slots' instants after `from` that is not in `taken` (ISO instants), or null. */
export function nextFreeSlot(
  slots: readonly QueueSlot[],
  zone: string,
  from: number,
  taken: ReadonlySet<number>,
): { at: string; slot: QueueSlot } | null {
  return slotInstants(slots, zone, from).find(({ at }) => !taken.has(Date.parse(at))) ?? null;
}
