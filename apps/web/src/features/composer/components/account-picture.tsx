import { Avatar } from 'antd';

interface AccountPictureProps {
  name: string;
  pictureUrl: string;
  size?: number;
  shape?: 'circle' | 'square';
}

/** A social account's picture, or its initial. Decorative: the account's name is always beside it. */
export function AccountPicture({ name, pictureUrl, size = 32, shape = 'circle' }: AccountPictureProps) {
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <Avatar size={size} shape={shape} src={pictureUrl || undefined} alt="" aria-hidden="true">
      {initial}
    </Avatar>
  );
}
