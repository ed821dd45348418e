import { Select } from 'antd';
import { useState } from 'react';
import { errorText } from '@/lib/api-client';
import { useUsers } from '@/lib/api/users/get-users';

interface MemberSelectProps<Multiple extends boolean> {
  id?: string;
  /** Several members (a message's recipients) or one (the member a preview is for). */
  multiple: Multiple;
  value?: Multiple extends true ? string[] : string | null;
  onChange?: (value: Multiple extends true ? string[] : string | null) => void;
  'aria-describedby'?: string;
  placeholder?: string;
  /** Members already chosen elsewhere (a report's list), named before any search finds them. */
  known?: { id: string; label: string }[] | undefined;
}

/**
 * The portal's members found by name or email as the admin types (GET /api/user), for an antd
 * Form.Item or on its own: the messages' 'Chosen members', the Auto-Post preview's member search.
 */
export function MemberSelect<Multiple extends boolean>({
  id,
  multiple,
  value,
  onChange,
  placeholder,
  known = [],
  'aria-describedby': describedBy,
}: MemberSelectProps<Multiple>) {
  const [keyword, setKeyword] = useState('');
  const users = useUsers({
    keyword: keyword || undefined,
    page: 1,
    pagesize: 20,
    sort: 'fullName',
    desc: false,
  });
  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      value={value ?? undefined}
      onChange={(next: string | string[] | undefined) =>
        onChange?.((next ?? (multiple ? [] : null)) as Multiple extends true ? string[] : string | null)
      }
      allowClear={!multiple}
      placeholder={placeholder}
      aria-describedby={describedBy}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={users.isFetching}
      notFoundContent={users.isError ? errorText(users.error) : 'No member matches'}
      options={[
        ...known.map((m) => ({ value: m.id, label: m.label })),
        ...(users.data?.items ?? [])
          .filter((u) => !known.some((m) => m.id === u.id))
          .map((u) => ({ value: u.id, label: `${u.fullName} <${u.email}>` })),
      ]}
    />
  );
}
