import { mergeFieldLabels, mergeFieldNames, type MergeFieldName } from '@fitpost/contract';
import { Button, Dropdown } from 'antd';

/**
 * 'Insert a field': the merge fields a caption may use, put where the cursor is in the text box
 * `targetId` (at the end when it has no focus). Each member's post gets their own value.
 */
export function MergeFieldMenu({
  targetId,
  value,
  onInsert,
  label = 'Insert a field',
}: {
  targetId: string;
  value: string;
  onInsert: (next: string) => void;
  label?: string;
}) {
  function insert(name: MergeFieldName) {
    const box = document.getElementById(targetId);
    const field = name === 'business_name' ? '{business_name|my studio}' : `{${name}}`;
    const at = box instanceof HTMLTextAreaElement ? box.selectionStart : value.length;
    const end = box instanceof HTMLTextAreaElement ? box.selectionEnd : value.length;
    onInsert(`${value.slice(0, at)}${field}${value.slice(end)}`);
    if (box instanceof HTMLTextAreaElement) {
      requestAnimationFrame(() => {
        box.focus();
        box.setSelectionRange(at + field.length, at + field.length);
      });
    }
  }
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: mergeFieldNames.map((name) => ({ key: name, label: `${mergeFieldLabels[name]} {${name}}` })),
        onClick: ({ key }) => insert(key as MergeFieldName),
      }}
    >
      <Button size="small" aria-haspopup="menu">
        {label}
      </Button>
    </Dropdown>
  );
}
