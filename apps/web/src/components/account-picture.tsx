import { Avatar } from 'antd';

interface AccountPictureProps {
  name: string;
  pictureUrl: string;
  size?: number;
  shape?: 'circle' | 'square';
  /**
   * The picture's text alternative. Leave it out where the account's name is written beside the
   * picture: the picture is then decorative and screen readers skip it.
   */
  alt?: string;
}

/** A social account's picture, or its initial when it has none. */
export function AccountPicture({ name, pictureUrl, size = 32, shape = 'circle', alt }: AccountPictureProps) {
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  const described = Boolean(alt) && Boolean(pictureUrl);
  return (
    <Avatar
      size={size}
      shape={shape}
      className="account-picture"
      src={pictureUrl || undefined}
      alt={described ? alt : ''}
      aria-hidden={described ? undefined : 'true'}
    >
      {initial}
    </Avatar>
  );
}
