import { EditOutlined, HeartOutlined, ReadOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';

/** Where each choice opens the composer for `day` (`YYYY-MM-DD`). */
function composerLinks(day: string) {
  const date = encodeURIComponent(day);
  return {
    create: `/app/posts/post?date=${date}`,
    library: `/app/posts/post?date=${date}&source=library`,
    favorites: `/app/posts/post?date=${date}&source=favorites`,
  };
}

/**
 * 'Choose Your Action' (spec §2, Calendar): after a click on a day, write a new post for that day or
 * start from the library or the member's favourites. antd's Modal keeps focus inside until it closes.
 */
export function ChooseActionModal({ day, onClose }: { day: string | null; onClose: () => void }) {
  const navigate = useNavigate();
  const links = composerLinks(day ?? '');
  const dayText = day ? dayjs(day).format('dddd, M/D/YYYY') : '';

  function go(to: string) {
    onClose();
    void navigate(to);
  }

  return (
    <Modal open={day !== null} title="Choose Your Action" footer={null} onCancel={onClose} destroyOnHidden>
      <p className="muted">What would you like to post on {dayText}?</p>
      <div className="choose-action-buttons">
        <Button type="primary" icon={<EditOutlined aria-hidden="true" />} onClick={() => go(links.create)}>
          Create New Post
        </Button>
        <Button icon={<ReadOutlined aria-hidden="true" />} onClick={() => go(links.library)}>
          Choose From Library
        </Button>
        <Button icon={<HeartOutlined aria-hidden="true" />} onClick={() => go(links.favorites)}>
          Choose From Favorites
        </Button>
      </div>
    </Modal>
  );
}
