import { Alert, Button, Drawer } from 'antd';
import type { ReactNode } from 'react';
import { errorText } from '@/lib/api-client';

/**
 * The drawer an add / edit form opens in: the form, then why the last save failed (if it did), with
 * Save (or `saveLabel`) and Cancel at its foot.
 */
export function FormDrawer(props: {
  title: string;
  open?: boolean;
  saveLabel?: string;
  saving: boolean;
  saveDisabled?: boolean;
  onSave: () => void;
  onClose: () => void;
  /** The last save's failure, shown under `errorTitle`; null when there is none. */
  error: unknown;
  errorTitle: string;
  children: ReactNode;
}) {
  const { title, open = true, saveLabel = 'Save', saving, saveDisabled, onSave, onClose } = props;
  return (
    <Drawer
      title={title}
      open={open}
      onClose={onClose}
      size={520}
      destroyOnHidden
      footer={
        <div className="row-actions">
          <Button type="primary" loading={saving} disabled={saveDisabled} onClick={onSave}>
            {saveLabel}
          </Button>
          <Button onClick={onClose}>Cancel</Button>
        </div>
      }
    >
      {props.children}
      {props.error ? (
        <Alert
          type="error"
          showIcon
          title={props.errorTitle}
          description={<span className="preserve-lines">{errorText(props.error)}</span>}
        />
      ) : null}
    </Drawer>
  );
}
