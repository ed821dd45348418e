import { Avatar } from 'antd';

interface AccountAvatarProps {
  name: string;
  pictureUrl: string;
  /** The image's text alternative; "" where the name is written right beside it in the same label. */
  alt: string;
  size?: number;
}

/** A social account's picture, or its initial when there is none. */
export function AccountAvatar({ name, pictureUrl, alt, size = 32 }: AccountAvatarProps) {
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  if (!pictureUrl) {
    return (
      <Avatar size={size} className="account-avatar" aria-hidden="true">
        {initial}
      </Avatar>
    );
  }
  return (
    <Avatar size={size} className="account-avatar" src={pictureUrl} alt={alt}>
      {initial}
    </Avatar>
  );
}
