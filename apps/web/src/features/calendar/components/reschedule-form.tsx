import type { CalendarPost } from '@fitpost/contract';
import { Alert, Button, Input } from 'antd';
import { useId, useState, type FormEvent } from 'react';
import { errorText } from '@/lib/api-client';
import { fromWallTime, toWallTime, zoneAbbreviation } from '@/lib/zoned-time';
import { useReschedulePost } from '@/lib/api/posts/reschedule-post';
import { canReschedule, rescheduleRefusal } from '../calendar-entries';

interface RescheduleFormProps {
  post: CalendarPost;
  timeZone: string;
  onMoved: (when: Date) => void;
}

/**
 * Move a post by typing a day and a time in the member's zone: what a drag does, for keyboards and
 * for anyone who would rather not drag. The same refusals as a drop apply.
 */
export function RescheduleForm({ post, timeZone, onMoved }: RescheduleFormProps) {
  const id = useId();
  const initial = toWallTime(post.scheduledAt, timeZone);
  const [date, setDate] = useState(initial.date);
  const [time, setTime] = useState(initial.time);
  const [problem, setProblem] = useState<string | null>(null);
  const reschedule = useReschedulePost();

  if (!canReschedule(post)) return null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    let instant: string;
    try {
      instant = fromWallTime({ date, time }, timeZone).instant;
    } catch {
      setProblem('Enter a day and a time.');
      return;
    }
    const when = new Date(instant);
    const refusal = rescheduleRefusal(post, when, new Date());
    if (refusal) {
      setProblem(refusal);
      return;
    }
    setProblem(null);
    reschedule.mutate(
      { id: post.id, scheduledAt: instant },
      { onSuccess: () => onMoved(when), onError: (error) => setProblem(errorText(error)) },
    );
  }

  return (
    <form className="reschedule-form" onSubmit={handleSubmit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="card-title">
        Move to
      </h3>
      <div className="reschedule-fields">
        <label htmlFor={`${id}-date`}>
          Day{' '}
          <Input
            id={`${id}-date`}
            type="date"
            required
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
        </label>
        <label htmlFor={`${id}-time`}>
          Time ({zoneAbbreviation(timeZone)}){' '}
          <Input
            id={`${id}-time`}
            type="time"
            required
            value={time}
            onChange={(event) => setTime(event.target.value)}
          />
        </label>
        <Button htmlType="submit" loading={reschedule.isPending}>
          Move Post
        </Button>
      </div>
      {problem ? <Alert className="form-alert" type="error" showIcon title={problem} role="alert" /> : null}
    </form>
  );
}
