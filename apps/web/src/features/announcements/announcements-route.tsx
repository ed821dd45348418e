import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { paging, type AnnouncementDetail } from '@fitpost/contract';
import { Button, Input, Modal, Select, message } from 'antd';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { errorText } from '@/lib/api-client';
import { useStoredUser } from '@/lib/session';
import { memberTimeZone, toWallTime } from '@/lib/zoned-time';
import { useDeleteAnnouncements } from './api/delete-announcements';
import { useAnnouncements } from './api/search-announcements';
import { AnnouncementForm } from './announcement-form';
import { FitTable } from '@/components/fit-table';

type ActiveFilter = 'all' | 'shown' | 'hidden';
const activeOf: Record<ActiveFilter, boolean | undefined> = { all: undefined, shown: true, hidden: false };

/**
 * /app/manage/announcements (admins): search, the shown-now filter, paging, multi-select delete,
 * and the create/edit form with its live preview. Dates are in the admin's time zone.
 */
export function AnnouncementsRoute() {
  const user = useStoredUser();
  const zone = memberTimeZone(user);
  const [messageApi, messageHolder] = message.useMessage();
  const [keyword, setKeyword] = useState('');
  const [active, setActive] = useState<ActiveFilter>('all');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(paging.defaultPageSize);
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<AnnouncementDetail | null | undefined>(undefined);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const list = useAnnouncements({
    keyword: keyword || undefined,
    active: activeOf[active],
    page,
    pagesize: pageSize,
  });
  const remove = useDeleteAnnouncements();

  const when = (iso: string | null) => {
    if (!iso) return '—';
    const wall = toWallTime(iso, zone);
    return `${wall.date} ${wall.time}`;
  };

  function handleDelete() {
    const count = selected.length;
    remove.mutate(
      { ids: selected },
      {
        onSuccess: () => {
          setConfirmOpen(false);
          setSelected([]);
          void messageApi.success(`${count} ${count === 1 ? 'announcement' : 'announcements'} deleted.`);
        },
      },
    );
  }

  return (
    <>
      {messageHolder}
      <PageHeader
        title="Announcements"
        description="Members see active announcements in a dialog after signing in, at most once every 30 days."
        actions={
          <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing(null)}>
            New announcement
          </Button>
        }
      />
      <div className="panel">
        <div className="toolbar" role="search" aria-label="Announcements">
          <Input.Search
            aria-label="Search announcements"
            placeholder="Search announcements"
            allowClear
            enterButton="Search"
            onSearch={(value) => {
              setKeyword(value.trim());
              setSelected([]);
              setPage(1);
            }}
            className="toolbar-search"
          />
          <Select<ActiveFilter>
            aria-label="Shown now"
            value={active}
            onChange={(value) => {
              setActive(value);
              setSelected([]);
              setPage(1);
            }}
            options={[
              { value: 'all', label: 'All' },
              { value: 'shown', label: 'Shown now' },
              { value: 'hidden', label: 'Not shown now' },
            ]}
          />
          <Button
            danger
            icon={<DeleteOutlined aria-hidden="true" />}
            disabled={selected.length === 0}
            onClick={() => setConfirmOpen(true)}
          >
            Delete
          </Button>
        </div>
        {list.isError ? (
          <LoadError what="The announcements" error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <FitTable<AnnouncementDetail>
            rowKey="id"
            loading={list.isFetching}
            dataSource={list.data?.items ?? []}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
            pagination={{
              current: page,
              pageSize,
              total: list.data?.total ?? 0,
              showSizeChanger: true,
              onChange: (nextPage, nextSize) => {
                setPage(nextSize === pageSize ? nextPage : 1);
                setPageSize(nextSize);
              },
            }}
            columns={[
              {
                title: 'Announcement',
                key: 'body',
                // Sanitised by the server on write.
                render: (_, a) => (
                  <div className="announcement-body" dangerouslySetInnerHTML={{ __html: a.body }} />
                ),
              },
              { title: 'Active', key: 'isActive', render: (_, a) => (a.isActive ? 'Yes' : 'No') },
              { title: 'Recurring', key: 'isRecurring', render: (_, a) => (a.isRecurring ? 'Yes' : 'No') },
              { title: `Start (${zone})`, key: 'startDate', render: (_, a) => when(a.startDate) },
              { title: `End (${zone})`, key: 'endDate', render: (_, a) => when(a.endDate) },
              {
                title: 'Actions',
                key: 'actions',
                render: (_, a) => (
                  <Button
                    onClick={() => setEditing(a)}
                    aria-label={`Edit announcement created ${when(a.createdAt)}`}
                  >
                    Edit
                  </Button>
                ),
              },
            ]}
          />
        )}
      </div>
      {editing !== undefined ? (
        <AnnouncementForm item={editing} zone={zone} onClose={() => setEditing(undefined)} />
      ) : null}
      <Modal
        open={confirmOpen}
        title="Delete announcements"
        okText="Delete"
        okButtonProps={{ danger: true, loading: remove.isPending }}
        onOk={handleDelete}
        onCancel={() => setConfirmOpen(false)}
      >
        <p>
          Delete {selected.length} {selected.length === 1 ? 'announcement' : 'announcements'}? Members will no
          longer see {selected.length === 1 ? 'it' : 'them'}.
        </p>
        {remove.isError ? <p role="alert">{errorText(remove.error)}</p> : null}
      </Modal>
    </>
  );
}
