import { Popconfirm } from 'antd';
import type { ReactElement } from 'react';

/**
 * 'Cancel post' asks first, in the same words wherever a post can be canceled (the posts list, a
 * post's details on the calendar): `children` is the button that opens the question.
 */
export function CancelPostConfirm({
  onConfirm,
  children,
}: {
  onConfirm: () => void;
  children: ReactElement;
}) {
  return (
    <Popconfirm
      title="Cancel this post?"
      description="Nothing more of it will be sent. What was already posted stays posted."
      okText="Cancel post"
      okButtonProps={{ danger: true }}
      cancelText="Keep it"
      onConfirm={onConfirm}
    >
      {children}
    </Popconfirm>
  );
}
