import type { ScheduledPost } from '@fitpost/contract';
import { Alert, Input, Modal } from 'antd';
import { useId, useState } from 'react';
import { errorText } from '@/lib/api-client';
import { formatZoned, fromWallTime, toWallTime, zoneLabel, type ZonedInstant } from '@/lib/zoned-time';
import { useReschedulePost } from '@/lib/api/posts/reschedule-post';

interface RescheduleModalProps {
  post: ScheduledPost;
  timeZone: string;
  onClose: () => void;
  onDone: (post: ScheduledPost) => void;
}

/** Reads the two fields as a wall time in the member's zone; null while they are incomplete. */
function readWallTime(date: string, time: string, timeZone: string): ZonedInstant | null {
  if (!date || !time) return null;
  try {
    return fromWallTime({ date, time }, timeZone);
  } catch {
    return null;
  }
}

/** Whether an instant has passed (read at the moment of asking, in an event handler). */
function hasPassed(instant: string): boolean {
  return Date.parse(instant) <= Date.now();
}

/** A new date and time for a scheduled post, typed in the member's time zone (DST-safe). */
export function RescheduleModal({ post, timeZone, onClose, onDone }: RescheduleModalProps) {
  const ids = useId();
  const [openedAt] = useState(() => Date.now());
  const start = toWallTime(post.scheduledAt ?? openedAt, timeZone);
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const [problem, setProblem] = useState<string | null>(null);
  const reschedule = useReschedulePost();
  const chosen = readWallTime(date, time, timeZone);
  const today = toWallTime(openedAt, timeZone).date;

  function handleOk() {
    if (!chosen) {
      setProblem('Choose a date and a time.');
      return;
    }
    if (hasPassed(chosen.instant)) {
      setProblem('That time has passed. Choose a time in the future.');
      return;
    }
    setProblem(null);
    reschedule.mutate(
      { id: post.id, scheduledAt: chosen.instant },
      { onSuccess: (moved) => onDone(moved), onError: (error) => setProblem(errorText(error)) },
    );
  }

  return (
    <Modal
      open
      title="Reschedule post"
      okText="Reschedule"
      cancelText="Cancel"
      confirmLoading={reschedule.isPending}
      onOk={handleOk}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="muted">
        Now scheduled for {post.scheduledAt ? formatZoned(post.scheduledAt, timeZone) : 'no time yet'}.
      </p>
      <div className="reschedule-fields">
        <div className="posts-field">
          <label htmlFor={`${ids}-date`}>Date</label>
          <Input
            id={`${ids}-date`}
            type="date"
            min={today}
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
        </div>
        <div className="posts-field">
          <label htmlFor={`${ids}-time`}>Time</label>
          <Input
            id={`${ids}-time`}
            type="time"
            value={time}
            onChange={(event) => setTime(event.target.value)}
          />
        </div>
      </div>
      <p className="post-meta">Time zone: {zoneLabel(timeZone, chosen?.instant ?? openedAt)}</p>
      {chosen && chosen.fit === 'skipped' ? (
        <Alert
          type="info"
          showIcon
          title={`Clocks go forward that night, so ${time} does not exist; the post goes out at ${chosen.shown.time}.`}
        />
      ) : null}
      {chosen && chosen.fit === 'repeated' ? (
        <Alert
          type="info"
          showIcon
          title={`Clocks go back that night, so ${time} happens twice; the post goes out at the first.`}
        />
      ) : null}
      {problem ? <Alert className="form-alert" type="error" showIcon title={problem} /> : null}
    </Modal>
  );
}
