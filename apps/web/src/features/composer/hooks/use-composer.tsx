import type { ContentItem, ScheduledPost } from '@fitpost/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useClaimWarnings } from '@/components/claim-warnings/use-claim-warnings';
import { useAltTextSync } from '@/components/graphic-upload/use-alt-text';
import { serverFieldErrors } from '@/lib/form-errors';
import { toWallTime } from '@/lib/zoned-time';
import { useConnections } from '@/lib/api/connections/get-connections';
import { useQueue } from '@/lib/api/queue/get-queue';
import { useContentItem } from '@/lib/api/content/get-content-item';
import { contentKeys } from '@/lib/api/content/keys';
import { mediaKeys } from '@/lib/api/media/keys';
import { useSavePost } from '@/lib/api/posts/save-post';
import {
  hasErrors,
  networkName,
  perConnectionProblems,
  toPostUpsert,
  validateComposer,
  type ComposerErrors,
  type ComposerValues,
  type SaveIntent,
} from '../model/composer-values';
import { clearDraft, draftKey, readDraft, writeDraft, type StoredDraft } from '../model/draft-storage';
import { defaultTime, valuesFromContent } from '../model/initial-values';

/** The post's request fields by the composer field that shows them. */
const composerFields = {
  body: 'body',
  link: 'link',
  connectionIds: 'networks',
  scheduledAt: 'when',
} as const;

export interface ComposerOptions {
  userId: string;
  zone: string;
  /** The post being edited (a scheduled post or a server draft), or null for a new one. */
  post: ScheduledPost | null;
  /** Where the form starts: the post, the library item, the calendar's day, or empty. */
  startValues: ComposerValues;
  /**
   * The address asked for something particular (a library item, a day): start from it, and only
   * offer the unsaved post kept on this device instead of restoring it.
   */
  startsFromAddress: boolean;
  /** Open 'Choose from Library' at once (the calendar's Choose From Library / Favorites). */
  openLibrary: 'library' | 'favorites' | null;
  onSaved: (post: ScheduledPost, intent: SaveIntent) => void;
}

interface Start {
  values: ComposerValues;
  restoredAt: number | null;
  offer: StoredDraft | null;
}

function focusFirstError(errors: ComposerErrors) {
  const target = errors.body
    ? 'composer-body'
    : errors.link
      ? 'composer-link'
      : errors.networks
        ? null
        : errors.when
          ? 'composer-date'
          : null;
  if (target) document.getElementById(target)?.focus();
  else document.querySelector<HTMLInputElement>('.composer-networks input:not(:disabled)')?.focus();
}

/**
 * The composer's state: the values (kept on this device until saved), the draft offered back,
 * the checks shown after a save attempt, the library picker, and saving with its confirmation.
 */
export function useComposer(options: ComposerOptions) {
  const { userId, zone, post, startValues, onSaved } = options;
  const key = draftKey(userId, post?.id ?? null);
  const [start] = useState<Start>(() => {
    const stored = readDraft(key);
    if (stored && !options.startsFromAddress)
      return { values: stored.values, restoredAt: stored.savedAt, offer: null };
    return { values: startValues, restoredAt: null, offer: stored };
  });
  const [values, setValues] = useState(start.values);
  const [dirty, setDirty] = useState(false);
  const [restoredAt, setRestoredAt] = useState(start.restoredAt);
  const [offer, setOffer] = useState(start.offer);
  // The last save attempt: from then on the spec's rules are shown as the member fixes them.
  const [attempt, setAttempt] = useState<{ intent: SaveIntent; at: number } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [libraryOpen, setLibraryOpen] = useState(options.openLibrary !== null);
  const [libraryUsed, setLibraryUsed] = useState(options.openLibrary !== null);
  const [picked, setPicked] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const connections = useConnections();
  const content = useContentItem(values.contentId);
  const save = useSavePost();
  const queue = useQueue({ enabled: values.when === 'queue' });
  const [modal, modalHolder] = Modal.useModal();
  // The server's copy of each image of the member's own, so editing it later needs no request.
  const altText = useAltTextSync(startValues.graphic, (media) =>
    queryClient.setQueryData(mediaKeys.item(media.id), media),
  );
  const submitted = useRef(false);
  // Health claims warn as the member types; they never stop the save (issue 30).
  const claims = useClaimWarnings([values.body]);

  // Everything typed is kept on this device until the post is saved.
  useEffect(() => {
    if (dirty) writeDraft(key, values);
  }, [dirty, key, values]);

  function change(patch: Partial<ComposerValues>) {
    setDirty(true);
    setValues((previous) => ({ ...previous, ...patch }));
  }

  /**
   * Choosing Schedule with no date and time yet starts from the next free time in the member's
   * queue (what they would otherwise type), or from a sensible time today when it is unknown.
   */
  function handleWhenChange(patch: Partial<ComposerValues>) {
    if (patch.when !== 'later' || values.date !== '' || values.time !== '') return change(patch);
    const now = Date.now();
    const nextFree = queue.data?.nextFree;
    const slot = nextFree && Date.parse(nextFree) > now ? toWallTime(nextFree, zone) : null;
    const today = toWallTime(now, zone).date;
    change({ ...patch, date: slot?.date ?? today, time: slot?.time ?? defaultTime(today, zone, now) });
  }

  const all = connections.data ?? [];
  const chosen = all.filter((connection) => values.connectionIds.includes(connection.id));
  const networks = [...new Set(chosen.map((connection) => connection.network))];
  const errors: ComposerErrors = {
    // What the server refused, under the field it is about, unless the member's own check says more.
    ...serverFieldErrors(save.error, composerFields),
    ...(attempt
      ? validateComposer(values, { connections: all, zone, now: attempt.at, intent: attempt.intent })
      : {}),
    perConnection: perConnectionProblems(values, all),
  };

  async function handleSave(intent: SaveIntent) {
    if (submitted.current) return;
    const now = Date.now();
    const found = validateComposer(values, { connections: all, zone, now, intent });
    setAttempt({ intent, at: now });
    if (hasErrors(found)) {
      focusFirstError(found);
      return;
    }
    submitted.current = true;
    if (intent === 'publish' && values.when === 'now') {
      // Post Now sends at once to every ticked account: asked once, naming them.
      const accounts = all.filter((c) => values.connectionIds.includes(c.id));
      const confirmed = await modal.confirm({
        title: `Post now to ${accounts.length === 1 ? '1 account' : `${accounts.length} accounts`}?`,
        content: (
          <ul className="composer-confirm-accounts">
            {accounts.map((c) => (
              <li key={c.id}>
                {networkName(c)} · {c.accountName}
              </li>
            ))}
          </ul>
        ),
        okText: 'Post Now',
        cancelText: 'Cancel',
      });
      if (!confirmed) {
        submitted.current = false;
        return;
      }
    }
    try {
      await altText.sync(values.graphic);
    } catch {
      submitted.current = false; // the alt text field shows why
      return;
    }
    save.mutate(
      { id: post?.id ?? null, post: toPostUpsert(values, zone, intent) },
      {
        onSuccess: (saved) => {
          clearDraft(key);
          setDirty(false);
          onSaved(saved, intent);
        },
        onSettled: () => {
          submitted.current = false;
        },
      },
    );
  }

  function handlePick(item: ContentItem) {
    queryClient.setQueryData(contentKeys.item(item.id), item);
    change(valuesFromContent(item, values));
    setPicked(item.title);
    setLibraryOpen(false);
  }

  function handleStartOver() {
    clearDraft(key);
    setValues(startValues);
    setDirty(false);
    setRestoredAt(null);
    setAttempt(null);
  }

  function handleRestore() {
    if (!offer) return;
    change(offer.values);
    setOffer(null);
  }

  function openLibraryPicker() {
    setLibraryUsed(true);
    setLibraryOpen(true);
  }

  const savingIntent = save.isPending ? (save.variables.post.draft ? 'draft' : 'publish') : null;

  return {
    values,
    change,
    handleWhenChange,
    restoredAt,
    dismissRestored: () => setRestoredAt(null),
    offer,
    picked,
    dismissPicked: () => setPicked(null),
    uploading,
    setUploading,
    library: {
      open: libraryOpen,
      used: libraryUsed,
      show: openLibraryPicker,
      close: () => setLibraryOpen(false),
    },
    connections,
    chosen,
    networks,
    content,
    queue,
    save,
    savingIntent,
    altText,
    errors,
    claimWarnings: claims.warnings,
    modalHolder,
    handleSave,
    handlePick,
    handleStartOver,
    handleRestore,
  };
}
