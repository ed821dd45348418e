import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { messages, paging, type ContentItem } from '@fitpost/contract';
import { Alert, Button, Checkbox, Input, Modal, message } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { errorText } from '@/lib/api-client';
import { addContentParam } from '@/lib/app-paths';
import { useContent } from '@/lib/api/content/get-content';
import { useDeleteContent } from '@/lib/api/content/delete-content';
import { ContentFormDrawer } from '../components/content-form-drawer';
import { ContentTable, type ContentTableState } from '../components/content-table';
import { autoPostPath } from '../hooks/use-content-actions';
import '../library.css';
import { LoadError } from '@/components/load-error';

/** /app/manage/content: the Content Repository — every item, in or out of its window (admins only). */
export function ContentRepositoryRoute() {
  const [messageApi, messageHolder] = message.useMessage();
  const [keyword, setKeyword] = useState('');
  const [withWarnings, setWithWarnings] = useState(false);
  const [table, setTable] = useState<ContentTableState>({
    page: 1,
    pageSize: paging.defaultPageSize,
    // Last changed first: what was just added or edited is at the top, not below future-dated items.
    sort: 'updated',
    desc: true,
  });
  const [selected, setSelected] = useState<string[]>([]);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [params, setParams] = useSearchParams();
  // The admin dashboard's 'Add Content' lands here with the form open.
  const [editing, setEditingState] = useState<{ item: ContentItem | null } | null>(() =>
    params.has(addContentParam) ? { item: null } : null,
  );
  function setEditing(next: { item: ContentItem | null } | null) {
    setEditingState(next);
    // Closing the form drops the parameter, so a reload or Back does not open it again.
    if (next === null && params.has(addContentParam)) {
      const rest = new URLSearchParams(params);
      rest.delete(addContentParam);
      setParams(rest, { replace: true });
    }
  }
  const remove = useDeleteContent();

  const content = useContent({
    q: keyword || undefined,
    include: 'all',
    hasWarnings: withWarnings || undefined,
    page: table.page,
    pagesize: table.pageSize,
    sort: table.sort,
    desc: table.desc,
  });

  function handleDelete() {
    const count = selected.length;
    remove.mutate(
      { ids: selected },
      {
        onSuccess: () => {
          setConfirmOpen(false);
          setSelected([]);
          void messageApi.success(`${count} ${count === 1 ? 'item' : 'items'} deleted.`);
        },
      },
    );
  }

  return (
    <>
      {messageHolder}
      <PageHeader
        title="Content Repository"
        description="Everything in your library, including items outside their active window. Members see an item only while its window is open."
        actions={
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden="true" />}
            onClick={() => setEditing({ item: null })}
          >
            {messages['action.addContent']}
          </Button>
        }
      />
      <div className="panel">
        <div className="toolbar" role="search" aria-label="Content Repository">
          <Input.Search
            aria-label="Search content"
            placeholder="Search titles, captions and tags"
            allowClear
            enterButton="Search"
            onSearch={(value) => {
              setKeyword(value.trim());
              setSelected([]);
              // Relevance first while searching; back to newest first without a keyword.
              setTable((state) => ({
                ...state,
                page: 1,
                sort: value.trim() ? 'relevance' : 'updated',
                desc: true,
              }));
            }}
            className="toolbar-search"
          />
          <Checkbox
            checked={withWarnings}
            onChange={(event) => {
              setWithWarnings(event.target.checked);
              setSelected([]);
              setTable((state) => ({ ...state, page: 1 }));
            }}
          >
            Has health-claim warnings
          </Checkbox>
        </div>
        <div className="selection-bar">
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
        {content.isError ? (
          <LoadError
            className="form-alert"
            what="The content"
            error={content.error}
            onRetry={() => void content.refetch()}
          />
        ) : null}
        <ContentTable
          label="Content"
          defaultSort="updated"
          showUpdated
          items={content.data?.items ?? []}
          total={content.data?.total ?? 0}
          loading={content.isFetching}
          emptyText={
            withWarnings
              ? 'No content has health-claim warnings.'
              : keyword
                ? 'No content matches your search.'
                : 'No content yet. Choose Add Content to start.'
          }
          state={table}
          onChange={(next) => {
            setTable(next);
            setSelected([]);
          }}
          selectedIds={selected}
          onSelect={setSelected}
          actions={(item) => (
            <>
              <Button size="small" aria-label={`Edit ${item.title}`} onClick={() => setEditing({ item })}>
                Edit
              </Button>
              <Link to={autoPostPath(item.id)} aria-label={`Schedule Auto-Post for ${item.title}`}>
                Schedule Auto-Post
              </Link>
            </>
          )}
        />
      </div>
      <ContentFormDrawer
        open={editing !== null}
        item={editing?.item ?? null}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          void messageApi.success(editing?.item ? `${saved.title} saved.` : `${saved.title} added.`);
          setEditing(null);
        }}
      />
      <Modal
        title="Delete content?"
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
          {selected.length === 1 ? 'The selected item' : `The ${selected.length} selected items`} will be
          removed from the library for everyone. This cannot be undone.
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
