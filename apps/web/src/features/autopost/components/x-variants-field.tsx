import { autoPostLimits, formatCount } from '@fitpost/contract';
import { Button, Input, InputNumber } from 'antd';
import { xCount } from '../model/auto-post-values';
import { FieldError } from './field-error';

interface XVariantsFieldProps {
  variants: string[];
  link: string;
  /** Whether the link is tagged (it then counts longer everywhere but X). */
  utm: boolean;
  spreadMinutes: number | null;
  errors: (string | null)[];
  listError?: string;
  spreadError?: string;
  onChange: (change: { variants?: string[]; spreadMinutes?: number | null }) => void;
}

/**
 * X caption variants: X refuses identical text posted by many accounts, so each member on X gets one
 * of these (always the same one), and X posts are spread over a window after the scheduled time.
 */
export function XVariantsField({
  variants,
  link,
  utm,
  spreadMinutes,
  errors,
  listError,
  spreadError,
  onChange,
}: XVariantsFieldProps) {
  const replace = (index: number, text: string) =>
    onChange({ variants: variants.map((v, i) => (i === index ? text : v)) });
  const remove = (index: number) => onChange({ variants: variants.filter((_, i) => i !== index) });

  return (
    <fieldset className="autopost-field autopost-variants" aria-describedby="autopost-variants-hint">
      <legend className="autopost-label">X caption variants</legend>
      <p id="autopost-variants-hint" className="muted">
        X refuses the same text from many accounts. Each member on X gets one of these captions (with the
        link, if any); without variants X gets the post text. Each is counted as X counts it, to 280.
      </p>
      {variants.length > 0 ? (
        <ol className="autopost-variant-list">
          {variants.map((variant, index) => {
            const id = `autopost-variant-${index}`;
            const count = xCount(variant, link, utm);
            const error = errors[index];
            return (
              <li key={index} className="autopost-variant">
                <label htmlFor={id} className="autopost-label">
                  Variant {index + 1}
                </label>
                <Input.TextArea
                  id={id}
                  value={variant}
                  autoSize={{ minRows: 2, maxRows: 6 }}
                  onChange={(event) => replace(index, event.target.value)}
                  status={error ? 'error' : undefined}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
                />
                <div className="autopost-variant-footer">
                  <span
                    id={`${id}-count`}
                    className={count.over ? 'autopost-count is-over' : 'autopost-count'}
                  >
                    <span aria-hidden="true">
                      {formatCount(count.length)} / {formatCount(count.limit)}
                    </span>
                    <span className="visually-hidden">
                      {`${formatCount(count.length)} of ${formatCount(count.limit)} characters on X${count.over ? ', too long' : ''}`}
                    </span>
                  </span>
                  <Button
                    size="small"
                    onClick={() => remove(index)}
                    aria-label={`Remove variant ${index + 1}`}
                  >
                    Remove
                  </Button>
                </div>
                <FieldError id={`${id}-error`} message={error} />
              </li>
            );
          })}
        </ol>
      ) : null}
      <Button
        onClick={() => onChange({ variants: [...variants, ''] })}
        disabled={variants.length >= autoPostLimits.maxXVariants}
      >
        Add a variant
      </Button>
      <FieldError id="autopost-variants-error" message={listError} />
      <div className="autopost-field">
        <label htmlFor="autopost-spread" className="autopost-label">
          Spread X posts over (minutes)
        </label>
        <InputNumber
          id="autopost-spread"
          min={0}
          max={autoPostLimits.maxXSpreadMinutes}
          precision={0}
          value={spreadMinutes}
          onChange={(value) => onChange({ spreadMinutes: value })}
          status={spreadError ? 'error' : undefined}
          aria-invalid={spreadError ? true : undefined}
          aria-describedby={`autopost-spread-hint${spreadError ? ' autopost-spread-error' : ''}`}
        />
        <p id="autopost-spread-hint" className="muted">
          0 sends every X post at the scheduled time; up to {formatCount(autoPostLimits.maxXSpreadMinutes)}.
        </p>
        <FieldError id="autopost-spread-error" message={spreadError} />
      </div>
    </fieldset>
  );
}
