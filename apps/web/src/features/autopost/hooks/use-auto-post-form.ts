import { autoPostClaimTexts, type AutoPost, type ContentItem } from '@fitpost/contract';
import { useState, type FormEvent } from 'react';
import { sharedGraphic } from '@/components/graphic-upload/graphic';
import { focusGraphicUpload } from '@/components/graphic-upload/graphic-upload';
import { useAltTextSync } from '@/components/graphic-upload/use-alt-text';
import { useClaimWarnings } from '@/components/claim-warnings/use-claim-warnings';
import { serverFieldErrors } from '@/lib/form-errors';
import { useContentItem } from '@/lib/api/content/get-content-item';
import { useSaveAutoPost } from '@/lib/api/auto-posts/save-auto-post';
import {
  hasErrors,
  toUpsert,
  validate,
  type AutoPostErrors,
  type AutoPostField,
  type AutoPostValues,
} from '../model/auto-post-values';

/** The request's fields by the form field that shows them, for the server's field problems. */
const autoPostFields = {
  body: 'body',
  mediaId: 'graphic',
  link: 'link',
  scheduledAt: 'when',
  networks: 'networks',
  xVariants: 'xVariants',
  xSpreadMinutes: 'xSpreadMinutes',
} as const satisfies Record<string, AutoPostField>;

const noErrors: AutoPostErrors = { fields: {}, variants: [] };

/** Where focus goes for each field with a problem, in the order the form shows them. */
const fieldFocus: [AutoPostField, string][] = [
  ['body', 'autopost-body'],
  ['graphic', 'autopost-graphic'],
  ['link', 'autopost-link'],
  ['when', 'autopost-date'],
  ['networks', 'autopost-network-x'],
  ['xVariants', 'autopost-variant-0'],
  ['xSpreadMinutes', 'autopost-spread'],
];

/** The "I have checked these claims" box, focused when a submit needs it. */
export const claimsCheckboxId = 'autopost-claims-checked';
const claimsUncheckedMessage =
  'This Auto-Post goes out in the organization’s name: reword these claims, or tick “I have checked these claims”.';

export interface AutoPostFormOptions {
  id: string | null;
  initial: AutoPostValues;
  zone: string;
  onSaved: (saved: AutoPost) => void;
}

/** The Auto-Post form's state: its values, the checks shown once submitted, the picker, saving. */
export function useAutoPostForm({ id, initial, zone, onSaved }: AutoPostFormOptions) {
  const [values, setValues] = useState<AutoPostValues>(initial);
  const [checked, setChecked] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  // Labels the zone (its abbreviation changes with daylight saving) until a date and time are chosen.
  const [openedAt] = useState(() => Date.now());
  const save = useSaveAutoPost();
  const altText = useAltTextSync(initial.graphic);
  const [uploading, setUploading] = useState(false);
  const content = useContentItem(values.contentId);
  // Auto-Posts go out in the organisation's voice: claims need the admin's tick (issue 30).
  const claims = useClaimWarnings(autoPostClaimTexts(values));
  const [claimsChecked, setClaimsChecked] = useState(false);
  const [claimsMissed, setClaimsMissed] = useState(false);

  // Once the admin has tried to submit, problems follow their typing.
  const errors = checked ? validate(values, zone) : noErrors;
  const serverErrors = serverFieldErrors(save.error, autoPostFields);
  // The form's own check first; what the server refused shows under the field it is about.
  const fieldError = (field: AutoPostField) => errors.fields[field] ?? serverErrors[field];
  const change = (next: Partial<AutoPostValues>) => setValues((v) => ({ ...v, ...next }));

  function handlePick(item: ContentItem) {
    change({
      contentId: item.id,
      body: item.body,
      graphic: item.mediaId ? sharedGraphic(item.mediaId, item.graphicUrl) : null,
      link: item.link ?? '',
    });
    setPickerOpen(false);
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (uploading) return;
    setChecked(true);
    const found = validate(values, zone);
    if (hasErrors(found)) {
      const firstVariant = found.variants.findIndex((v) => v !== null);
      const target =
        fieldFocus.find(([field]) => found.fields[field])?.[1] ??
        (firstVariant >= 0 ? `autopost-variant-${firstVariant}` : undefined);
      if (target) focusGraphicUpload(target);
      return;
    }
    const warnings = claims.now(autoPostClaimTexts(values));
    if (warnings.length > 0 && !claimsChecked) {
      setClaimsMissed(true);
      document.getElementById(claimsCheckboxId)?.focus();
      return;
    }
    try {
      await altText.sync(values.graphic);
    } catch {
      return; // the alt text field shows why
    }
    const acknowledged = warnings.length > 0 ? { acknowledgeWarnings: true } : {};
    save.mutate({ id, autoPost: { ...toUpsert(values, zone), ...acknowledged } }, { onSuccess: onSaved });
  }

  return {
    values,
    change,
    errors,
    fieldError,
    picker: { open: pickerOpen, show: () => setPickerOpen(true), close: () => setPickerOpen(false) },
    openedAt,
    save,
    altText,
    uploading,
    setUploading,
    content,
    handlePick,
    handleSubmit,
    claims: {
      warnings: claims.warnings,
      checked: claimsChecked,
      setChecked: (checked: boolean) => {
        setClaimsChecked(checked);
        if (checked) setClaimsMissed(false);
      },
      error: claimsMissed && !claimsChecked ? claimsUncheckedMessage : undefined,
    },
  };
}
