import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import {
  queueLimits,
  sortSlots,
  suggestedQueueSlots,
  weekdayNames,
  type QueueSlot,
  type QueueSuggestions,
} from '@fitpost/contract';
import { Alert, Button, Input, Select, message } from 'antd';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { useUnsavedChanges } from '@/components/use-unsaved-changes';
import { errorText } from '@/lib/api-client';
import { useQueueSlots, useResetQueueSlots, useUpdateQueueSlots } from '@/lib/api/queue/get-queue-slots';
import { formatClock, formatZoned, zoneLabel } from '@/lib/zoned-time';
import { QueueSuggestionsPanel } from './queue-suggestions';
import '../settings.css';

const weekdayOptions = weekdayNames.map((name, i) => ({ value: i + 1, label: name }));
const sameSlot = (a: QueueSlot, b: QueueSlot) => a.weekday === b.weekday && a.time === b.time;

/** The week as the editor shows it: one row per weekday with its times. */
function SlotWeek(props: { slots: QueueSlot[]; onRemove: (slot: QueueSlot) => void }) {
  return (
    <ul className="queue-week" aria-label="Your posting times">
      {weekdayNames.map((name, i) => {
        const day = props.slots.filter((slot) => slot.weekday === i + 1);
        return (
          <li key={name} className="queue-day">
            <span className="queue-day-name">{name}</span>
            <span className="queue-day-times">
              {day.length === 0 ? <span className="muted">No posts</span> : null}
              {day.map((slot) => (
                <span key={slot.time} className="queue-time">
                  {formatClock(slot.time)}
                  <Button
                    type="text"
                    size="small"
                    icon={<CloseOutlined aria-hidden="true" />}
                    aria-label={`Remove ${name} ${formatClock(slot.time)}`}
                    onClick={() => props.onRemove(slot)}
                  />
                </span>
              ))}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * System Settings → Posting Queue: the member's weekly time slots. 'Add to Queue' puts a post into
 * the next one no post of theirs holds yet.
 */
export function QueueSlotsEditor() {
  const slots = useQueueSlots();
  const update = useUpdateQueueSlots();
  const forget = useResetQueueSlots();
  const [messageApi, messageHolder] = message.useMessage();
  const [edited, setEdited] = useState<QueueSlot[] | null>(null);
  const [weekday, setWeekday] = useState(1);
  const [time, setTime] = useState('09:00');
  const [problem, setProblem] = useState<string | null>(null);
  // The week before 'Use suggested times', for 'Reset': the member's own, or FitPost's suggested week.
  const [before, setBefore] = useState<{ slots: QueueSlot[]; isDefault: boolean } | null>(null);
  const leaveGuard = useUnsavedChanges(edited !== null);

  if (slots.isPending) return <p className="muted">Loading your posting times…</p>;
  if (slots.isError)
    return <LoadError what="Your posting times" error={slots.error} onRetry={() => void slots.refetch()} />;

  const current = edited ?? slots.data.slots;
  const zone = slots.data.timeZone;

  function handleAdd() {
    const slot = { weekday, time };
    if (!/^\d{2}:\d{2}$/.test(time)) return setProblem('Choose a time.');
    if (current.some((s) => sameSlot(s, slot)))
      return setProblem(`${weekdayNames[weekday - 1]} ${formatClock(time)} is already in your week.`);
    if (current.length >= queueLimits.maxSlots)
      return setProblem(`Keep at most ${queueLimits.maxSlots} times a week.`);
    setProblem(null);
    setEdited(sortSlots([...current, slot]));
  }

  function handleSave() {
    if (current.length === 0) return setProblem('Keep at least one time in your week.');
    setProblem(null);
    update.mutate(
      { slots: current },
      {
        onSuccess: () => {
          setEdited(null);
          void messageApi.success('Your posting times are saved.');
        },
      },
    );
  }

  function handleUse(suggestions: QueueSuggestions) {
    const previous = slots.data ? { slots: slots.data.slots, isDefault: slots.data.isDefault } : null;
    setProblem(null);
    update.mutate(
      { slots: suggestedQueueSlots(suggestions.slots) },
      {
        onSuccess: () => {
          setEdited(null);
          setBefore(previous);
          void messageApi.success('Your week now has the suggested times.');
        },
      },
    );
  }

  function handleReset() {
    if (!before) return;
    const done = {
      onSuccess: () => {
        setEdited(null);
        setBefore(null);
        void messageApi.success('Your posting times are back as they were.');
      },
    };
    // FitPost's suggested week is not saved as the member's own: forgetting theirs brings it back.
    if (before.isDefault) forget.mutate(undefined, done);
    else update.mutate({ slots: before.slots }, done);
  }

  return (
    <section aria-labelledby="queue-slots-title" className="queue-slots">
      {messageHolder}
      {leaveGuard}
      <h2 id="queue-slots-title" className="section-title">
        Posting Queue
      </h2>
      <p className="muted">
        Add to Queue puts a post into the next of these times that is still free, in your time zone (
        {zoneLabel(zone)}).
        {slots.data.isDefault && edited === null ? ' These are suggested times until you save your own.' : ''}
      </p>
      {slots.data.nextFree ? (
        <p data-testid="queue-next-free">
          Next free time: <strong>{formatZoned(slots.data.nextFree, zone)}</strong>
        </p>
      ) : (
        <p>Every time in the next {queueLimits.horizonWeeks} weeks is taken.</p>
      )}
      <div className="queue-layout">
        <SlotWeek slots={current} onRemove={(slot) => setEdited(current.filter((s) => !sameSlot(s, slot)))} />
        <QueueSuggestionsPanel
          onUse={handleUse}
          onReset={before ? handleReset : null}
          busy={update.isPending || forget.isPending}
        />
      </div>
      <div className="queue-add" role="group" aria-label="Add a posting time">
        <div className="queue-add-field">
          <span className="queue-label" id="queue-add-day">
            Day
          </span>
          <Select
            aria-labelledby="queue-add-day"
            value={weekday}
            onChange={setWeekday}
            options={weekdayOptions}
            popupMatchSelectWidth={false}
          />
        </div>
        <div className="queue-add-field">
          <label className="queue-label" htmlFor="queue-add-time">
            Time
          </label>
          <Input id="queue-add-time" type="time" value={time} onChange={(e) => setTime(e.target.value)} />
        </div>
        <Button icon={<PlusOutlined aria-hidden="true" />} onClick={handleAdd}>
          Add Time
        </Button>
      </div>
      {problem ? (
        <p className="queue-problem" role="alert">
          {problem}
        </p>
      ) : null}
      {update.isError || forget.isError ? (
        <Alert
          className="form-alert"
          type="error"
          showIcon
          title="Your posting times were not saved."
          description={<span className="preserve-lines">{errorText(update.error ?? forget.error)}</span>}
        />
      ) : null}
      <div className="queue-actions">
        <Button type="primary" onClick={handleSave} loading={update.isPending} disabled={edited === null}>
          Save Posting Times
        </Button>
        {edited !== null ? <Button onClick={() => setEdited(null)}>Undo Changes</Button> : null}
      </div>
    </section>
  );
}
