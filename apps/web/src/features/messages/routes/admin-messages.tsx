import { PageHeader } from '@/components/page-header';
import { MessagesPanel } from '../components/messages-panel';

/** /app/manage/messages (admins): write to members, see who read it, answer members' threads. */
export function AdminMessagesRoute() {
  return (
    <>
      <PageHeader
        title="Messages"
        description="Write to all members, to the holders of a role or to chosen members; see how many read each message; read and answer members' threads."
      />
      <div className="panel">
        <MessagesPanel />
      </div>
    </>
  );
}
