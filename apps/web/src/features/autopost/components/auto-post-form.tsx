import {
  addMergeFallback,
  type AutoPost,
  formatCount,
  type Network,
  networks as allNetworks,
} from '@fitpost/contract';
import { Alert, Button, Checkbox, Input } from 'antd';
import { GraphicUpload } from '@/components/graphic-upload/graphic-upload';
import { LibraryPicker } from '@/components/library-picker/library-picker';
import { errorText } from '@/lib/api-client';
import { formatZoned, zoneLabel } from '@/lib/zoned-time';
import { bodyCounts, scheduledInstant, type AutoPostValues } from '../model/auto-post-values';
import { claimsCheckboxId, useAutoPostForm } from '../hooks/use-auto-post-form';
import { ClaimWarnings } from '@/components/claim-warnings/claim-warnings';
import { FieldError } from './field-error';
import { NetworkLabel } from '@/components/network-icon';
import { XVariantsField } from './x-variants-field';
import { MergeFieldMenu } from './merge-field-menu';
import { MergeFieldGaps } from './merge-field-gaps';
import { networkServiceNames } from '@fitpost/contract';
import { Link } from 'react-router';

interface AutoPostFormProps {
  /** The Auto-Post being changed; null schedules a new one. */
  id: string | null;
  initial: AutoPostValues;
  /** The admin's time zone: the date and time are typed in it. */
  zone: string;
  onSaved: (saved: AutoPost) => void;
  onCancel: () => void;
}

/** Items a page in the Auto-Post form's picker, unchanged from before the picker was shared. */
const libraryPageSize = 8;

function describedBy(id: string, error: string | undefined, hint?: string): string | undefined {
  return [hint, error ? id : undefined].filter(Boolean).join(' ') || undefined;
}

/** The form an admin schedules or changes an Auto-Post with. */
export function AutoPostForm({ id, initial, zone, onSaved, onCancel }: AutoPostFormProps) {
  const form = useAutoPostForm({ id, initial, zone, onSaved });
  const { values, change, errors, fieldError, picker, save, altText, uploading, content } = form;
  const onX = values.networks.includes('x');
  const instant = scheduledInstant(values, zone);

  return (
    <form
      className="autopost-form"
      onSubmit={(event) => void form.handleSubmit(event)}
      noValidate
      aria-label="Auto-Post"
    >
      <section className="autopost-field" aria-labelledby="autopost-content-title">
        <h2 id="autopost-content-title" className="autopost-label">
          Content
        </h2>
        {values.contentId ? (
          <p className="autopost-source">
            From the library:{' '}
            <strong>{content.data?.title ?? (content.isError ? 'a library item' : 'Loading…')}</strong>
          </p>
        ) : (
          <p className="muted">Choose content from the library, or write the post below.</p>
        )}
        <span className="row-actions">
          <Button onClick={picker.show}>
            {values.contentId ? 'Choose other content' : 'Choose from Library'}
          </Button>
          {values.contentId ? (
            <Button onClick={() => change({ contentId: null })}>Unlink from the library</Button>
          ) : null}
        </span>
      </section>

      <div className="autopost-field">
        <div className="autopost-label-row">
          <label htmlFor="autopost-body" className="autopost-label">
            Post text
          </label>
          <MergeFieldMenu
            targetId="autopost-body"
            value={values.body}
            onInsert={(body) => change({ body })}
          />
        </div>
        <p id="autopost-body-hint" className="muted">
          Fields such as {'{first_name}'} become each member’s own details (System Settings → My details for
          Auto-Posts); {'{business_name|my studio}'} says what members without one get. Without a fallback,
          the field is left out with the words leading into it (“from {'{city}'}”, “Book: {'{booking_link}'}
          ”). Counted with the longest details a member may have.
        </p>
        <Input.TextArea
          id="autopost-body"
          value={values.body}
          autoSize={{ minRows: 4, maxRows: 14 }}
          onChange={(event) => change({ body: event.target.value })}
          status={fieldError('body') ? 'error' : undefined}
          aria-invalid={fieldError('body') ? true : undefined}
          aria-describedby={describedBy(
            'autopost-body-error',
            fieldError('body'),
            'autopost-body-hint autopost-body-counts',
          )}
        />
        <ul
          id="autopost-body-counts"
          className="autopost-counts"
          aria-label="Longest text a member could get"
        >
          {bodyCounts(values).map(({ network, count }) => (
            <li key={network} className={count.over ? 'autopost-count is-over' : 'autopost-count'}>
              {`${networkServiceNames[network]}: up to ${formatCount(count.length)} of ${formatCount(count.limit)}${count.over ? ', too long' : ''}`}
            </li>
          ))}
        </ul>
        <FieldError id="autopost-body-error" message={fieldError('body')} />
      </div>

      <div className="autopost-field">
        <label htmlFor="autopost-graphic" className="autopost-label">
          Graphic <span className="muted">(optional; Instagram needs one)</span>
        </label>
        <GraphicUpload
          id="autopost-graphic"
          value={values.graphic}
          onChange={(graphic) => change({ graphic })}
          altText={altText}
          previewAlt="The Auto-Post’s graphic"
          onUploadingChange={form.setUploading}
          invalid={Boolean(fieldError('graphic'))}
          describedBy={describedBy('autopost-graphic-error', fieldError('graphic'))}
        />
        <FieldError id="autopost-graphic-error" message={fieldError('graphic')} />
      </div>

      <div className="autopost-field">
        <label htmlFor="autopost-link" className="autopost-label">
          Link <span className="muted">(optional)</span>
        </label>
        <Input
          id="autopost-link"
          type="url"
          inputMode="url"
          value={values.link}
          placeholder="https://"
          onChange={(event) => change({ link: event.target.value })}
          status={fieldError('link') ? 'error' : undefined}
          aria-invalid={fieldError('link') ? true : undefined}
          aria-describedby={describedBy('autopost-link-error', fieldError('link'))}
        />
        <FieldError id="autopost-link-error" message={fieldError('link')} />
        <Checkbox
          id="autopost-utm"
          checked={values.utm}
          onChange={(event) => change({ utm: event.target.checked })}
        >
          Tag the link for analytics (UTM: the network, social, this Auto-Post and each member, hashed)
        </Checkbox>
      </div>

      <fieldset className="autopost-field" aria-describedby="autopost-zone">
        <legend className="autopost-label">When</legend>
        <div className="autopost-when">
          <div>
            <label htmlFor="autopost-date" className="autopost-label">
              Date
            </label>
            <Input
              id="autopost-date"
              type="date"
              value={values.date}
              onChange={(event) => change({ date: event.target.value })}
              status={fieldError('when') ? 'error' : undefined}
              aria-invalid={fieldError('when') ? true : undefined}
              aria-describedby={describedBy('autopost-when-error', fieldError('when'))}
            />
          </div>
          <div>
            <label htmlFor="autopost-time" className="autopost-label">
              Time
            </label>
            <Input
              id="autopost-time"
              type="time"
              value={values.time}
              onChange={(event) => change({ time: event.target.value })}
              status={fieldError('when') ? 'error' : undefined}
              aria-invalid={fieldError('when') ? true : undefined}
              aria-describedby={describedBy('autopost-when-error', fieldError('when'))}
            />
          </div>
        </div>
        <p id="autopost-zone" className="muted">
          Time zone: {zoneLabel(zone, instant ?? form.openedAt)}
          {instant ? ` · goes out ${formatZoned(instant, zone)}` : null}
        </p>
        <FieldError id="autopost-when-error" message={fieldError('when')} />
      </fieldset>

      <fieldset
        className="autopost-field"
        aria-describedby={describedBy('autopost-networks-error', fieldError('networks'))}
      >
        <legend className="autopost-label">Networks</legend>
        <div className="autopost-network-choices">
          {allNetworks.map((network: Network) => (
            <Checkbox
              key={network}
              id={`autopost-network-${network}`}
              checked={values.networks.includes(network)}
              onChange={(event) =>
                change({
                  networks: event.target.checked
                    ? allNetworks.filter((n) => n === network || values.networks.includes(n))
                    : values.networks.filter((n) => n !== network),
                })
              }
            >
              <NetworkLabel network={network} />
            </Checkbox>
          ))}
        </div>
        <FieldError id="autopost-networks-error" message={fieldError('networks')} />
      </fieldset>

      {onX ? (
        <XVariantsField
          variants={values.xVariants}
          link={values.link}
          utm={values.utm}
          spreadMinutes={values.xSpreadMinutes}
          errors={errors.variants}
          listError={fieldError('xVariants')}
          spreadError={fieldError('xSpreadMinutes')}
          onChange={({ variants, spreadMinutes }) =>
            change({
              ...(variants ? { xVariants: variants } : {}),
              ...(spreadMinutes !== undefined ? { xSpreadMinutes: spreadMinutes } : {}),
            })
          }
        />
      ) : null}

      <MergeFieldGaps
        texts={[values.body, ...(onX ? values.xVariants : [])]}
        networks={values.networks}
        onAddFallback={(name, fallback) =>
          change({
            body: addMergeFallback(values.body, name, fallback),
            xVariants: values.xVariants.map((v) => addMergeFallback(v, name, fallback)),
          })
        }
      />

      <ClaimWarnings
        id="autopost-claims"
        warnings={form.claims.warnings}
        note="Auto-Posts go out in the organization’s name to every member who opted in."
      >
        <Checkbox
          id={claimsCheckboxId}
          checked={form.claims.checked}
          onChange={(event) => form.claims.setChecked(event.target.checked)}
          aria-describedby={describedBy('autopost-claims-error', form.claims.error)}
        >
          I have checked these claims
        </Checkbox>
        <FieldError id="autopost-claims-error" message={form.claims.error} />
      </ClaimWarnings>

      {save.isError ? (
        <Alert
          className="form-alert"
          type="error"
          showIcon
          title={id ? 'The Auto-Post was not changed.' : 'The Auto-Post was not scheduled.'}
          description={<span className="preserve-lines">{errorText(save.error)}</span>}
        />
      ) : null}

      <div className="row-actions">
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={uploading}>
          {id ? 'Save Changes' : 'Schedule Auto-Post'}
        </Button>
        <Button onClick={onCancel}>Back</Button>
        {id ? <Link to={`/app/preview/auto-post/${id}`}>Preview for members</Link> : null}
      </div>
      {id ? null : (
        <p className="muted">
          Once scheduled, ‘Preview for members’ shows each member’s own post before it goes out.
        </p>
      )}

      {/* Not remembered: the stored filter belongs to the member's content and post screens. */}
      <LibraryPicker
        open={picker.open}
        onClose={picker.close}
        onPick={form.handlePick}
        searchLabel="Search the library"
        pageSize={libraryPageSize}
      />
    </form>
  );
}
