import { CheckSquareOutlined, DeleteOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { paging } from '@fitpost/contract';
import { Alert, Button, Input, Modal, message } from 'antd';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { errorText } from '@/lib/api-client';
import { useDeleteTags } from '@/lib/api/library/delete-tags';
import { useTags } from '@/lib/api/library/get-tags';
import { useToggleTagsSearchable } from '@/lib/api/library/toggle-tags-searchable';
import { AddTagModal } from '../components/add-tag-modal';
import { TagsTable, type TagsTableState } from '../components/tags-table';
import '../library.css';
import { LoadError } from '@/components/load-error';

const plural = (count: number) => `${count} ${count === 1 ? 'tag' : 'tags'}`;

/**
 * /app/manage/tags: the portal's tags with the spec's four actions — Delete, Toggle Searchable,
 * Select All and Add a Tag (admins only). Members filter the library by searchable tags only.
 */
export function TagsRoute() {
  const [messageApi, messageHolder] = message.useMessage();
  const [keyword, setKeyword] = useState('');
  const [table, setTable] = useState<TagsTableState>({
    page: 1,
    pageSize: paging.defaultPageSize,
    sort: 'name',
    desc: false,
  });
  const [selected, setSelected] = useState<string[]>([]);
  const [addOpen, setAddOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const tags = useTags({
    q: keyword || undefined,
    page: table.page,
    pagesize: table.pageSize,
    sort: table.sort,
    desc: table.desc,
  });
  const toggle = useToggleTagsSearchable();
  const remove = useDeleteTags();

  const shown = tags.data?.items ?? [];
  const allSelected = shown.length > 0 && shown.every((tag) => selected.includes(tag.id));

  function handleSelectAll() {
    setSelected(allSelected ? [] : shown.map((tag) => tag.id));
  }

  function handleToggle() {
    toggle.mutate(
      { ids: selected },
      {
        onSuccess: (changed) => {
          const on = changed.filter((tag) => tag.searchable).length;
          const off = changed.length - on;
          const parts = [
            on > 0 ? `${plural(on)} now searchable` : '',
            off > 0 ? `${plural(off)} no longer searchable` : '',
          ];
          void messageApi.success(`${parts.filter(Boolean).join('; ')}.`);
        },
        onError: (error) => void messageApi.error(`Nothing was changed: ${errorText(error)}`),
      },
    );
  }

  function handleDelete() {
    const count = selected.length;
    remove.mutate(
      { ids: selected },
      {
        onSuccess: () => {
          setConfirmOpen(false);
          setSelected([]);
          void messageApi.success(`${plural(count)} deleted.`);
        },
      },
    );
  }

  return (
    <>
      {messageHolder}
      <PageHeader
        title="Tags"
        description="Tags group the library's content. Members can filter by searchable tags; the others are for your own organising."
        actions={
          <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setAddOpen(true)}>
            Add a Tag
          </Button>
        }
      />
      <div className="panel">
        <div className="toolbar" role="search" aria-label="Tags">
          <Input.Search
            aria-label="Search tags"
            placeholder="Search tags"
            allowClear
            enterButton="Search"
            onSearch={(value) => {
              setKeyword(value.trim());
              setSelected([]);
              setTable((state) => ({ ...state, page: 1 }));
            }}
            className="toolbar-search"
          />
        </div>
        <div className="selection-bar" role="toolbar" aria-label="Selected tags">
          <Button
            icon={<CheckSquareOutlined aria-hidden="true" />}
            aria-pressed={allSelected}
            disabled={shown.length === 0}
            onClick={handleSelectAll}
          >
            Select All
          </Button>
          <Button
            icon={<SwapOutlined aria-hidden="true" />}
            disabled={selected.length === 0}
            loading={toggle.isPending}
            onClick={handleToggle}
          >
            Toggle Searchable
          </Button>
          <Button
            danger
            icon={<DeleteOutlined aria-hidden="true" />}
            disabled={selected.length === 0}
            onClick={() => setConfirmOpen(true)}
          >
            Delete
          </Button>
          <span className="muted" role="status">
            {selected.length > 0 ? `${selected.length} selected` : ''}
          </span>
        </div>
        {tags.isError ? (
          <LoadError
            className="form-alert"
            what="The tags"
            error={tags.error}
            onRetry={() => void tags.refetch()}
          />
        ) : null}
        <TagsTable
          tags={shown}
          total={tags.data?.total ?? 0}
          loading={tags.isFetching}
          filtered={keyword !== ''}
          state={table}
          onChange={(next) => {
            setTable(next);
            setSelected([]);
          }}
          selectedIds={selected}
          onSelect={setSelected}
        />
      </div>
      <AddTagModal
        open={addOpen}
        onClose={() => setAddOpen(false)}
        onAdded={(tag) => {
          setAddOpen(false);
          void messageApi.success(`Tag ${tag.name} added.`);
        }}
      />
      <Modal
        title="Delete tags?"
        open={confirmOpen}
        okText="Delete"
        okButtonProps={{ danger: true }}
        confirmLoading={remove.isPending}
        onOk={handleDelete}
        onCancel={() => {
          remove.reset();
          setConfirmOpen(false);
        }}
      >
        <p>
          {selected.length === 1 ? 'The selected tag' : `The ${selected.length} selected tags`} will be
          deleted and taken off every item that carries them. The content itself stays.
        </p>
        {remove.isError ? (
          <Alert
            type="error"
            showIcon
            title="Nothing was deleted."
            description={<span className="preserve-lines">{errorText(remove.error)}</span>}
          />
        ) : null}
      </Modal>
    </>
  );
}
