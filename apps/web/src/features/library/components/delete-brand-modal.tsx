import { formatCount, type Brand } from '@fitpost/contract';
import { Alert, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { errorText } from '@/lib/api-client';
import { useDeleteBrand } from '@/lib/api/library/delete-brand';

/**
 * 'Delete <name>': a brand nothing uses goes after one confirmation; a brand content uses names how
 * many items and asks which brand they move to first (the server refuses otherwise).
 */
export function DeleteBrandModal({
  brand,
  others,
  onClose,
  onDeleted,
}: {
  brand: Brand;
  /** The portal's other brands, which its items may move to. */
  others: Brand[];
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteBrand();
  const [moveTo, setMoveTo] = useState<string | undefined>(undefined);
  const inUse = brand.itemCount > 0;
  const items = `${formatCount(brand.itemCount)} ${brand.itemCount === 1 ? 'content item' : 'content items'}`;

  function handleDelete() {
    remove.mutate({ id: brand.id, moveTo: inUse ? moveTo : undefined }, { onSuccess: onDeleted });
  }

  return (
    <Modal
      title={`Delete ${brand.name}?`}
      open
      okText={inUse ? 'Move and Delete' : 'Delete'}
      okButtonProps={{ danger: true, disabled: inUse && !moveTo }}
      onOk={handleDelete}
      onCancel={onClose}
      confirmLoading={remove.isPending}
      destroyOnHidden
    >
      {inUse ? (
        <>
          <p>
            {brand.name} is used by {items}. Choose the brand{' '}
            {brand.itemCount === 1 ? 'it moves' : 'they move'} to; then {brand.name} is deleted.
          </p>
          {others.length === 0 ? (
            <Alert type="info" showIcon title="Add another brand first: there is none to move them to." />
          ) : (
            <Form layout="vertical">
              <Form.Item label="Move its content to" htmlFor="brand-move-to">
                <Select<string>
                  id="brand-move-to"
                  placeholder="Choose a brand"
                  value={moveTo}
                  onChange={setMoveTo}
                  showSearch={{ optionFilterProp: 'label' }}
                  options={others.map((other) => ({ value: other.id, label: other.name }))}
                />
              </Form.Item>
            </Form>
          )}
        </>
      ) : (
        <p>No content uses {brand.name}. It is deleted for good.</p>
      )}
      {remove.isError ? (
        <Alert
          type="error"
          showIcon
          title={`${brand.name} was not deleted.`}
          description={<span className="preserve-lines">{errorText(remove.error)}</span>}
        />
      ) : null}
    </Modal>
  );
}
