import { PlusOutlined } from '@ant-design/icons';
import { formatCount, paging, type Brand } from '@fitpost/contract';
import { Button, Empty, Space, message, type TableProps } from 'antd';
import { useState } from 'react';
import { FitTable } from '@/components/fit-table';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { useBrands } from '@/lib/api/library/get-brands';
import { BrandFormDrawer } from '../components/brand-form-drawer';
import { BrandLogo } from '../components/brand-card';
import { DeleteBrandModal } from '../components/delete-brand-modal';
import '../library.css';

/**
 * /app/manage/brands (admins): the portal's brands with Add Brand, and on each row Edit (name,
 * description, logo, color, website) and Delete (its content moved to another brand first).
 */
export function ManageBrandsRoute() {
  const [messageApi, messageHolder] = message.useMessage();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Brand | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Brand | null>(null);
  const brands = useBrands({ page, pagesize: paging.defaultPageSize, sort: 'name' });
  // Where a deleted brand's items can go: every other brand of the portal, not only this page's.
  const all = useBrands({ page: 1, pagesize: paging.maxPageSize, sort: 'name' });

  const columns: TableProps<Brand>['columns'] = [
    {
      key: 'name',
      title: 'Brand',
      render: (_: unknown, brand) => (
        <span className="brand-row-name">
          <BrandLogo brand={brand} />
          <span>{brand.name}</span>
        </span>
      ),
    },
    {
      key: 'website',
      title: 'Website',
      render: (_: unknown, brand) =>
        brand.website ? (
          <a href={brand.website} target="_blank" rel="noopener noreferrer">
            {new URL(brand.website).host}
          </a>
        ) : (
          <span className="muted">None</span>
        ),
    },
    {
      key: 'items',
      title: 'Content items',
      align: 'right',
      render: (_: unknown, brand) => formatCount(brand.itemCount),
    },
    {
      key: 'actions',
      title: <span className="visually-hidden">Actions</span>,
      // Buttons 40 px tall: touch targets on a phone.
      render: (_: unknown, brand) => (
        <Space wrap>
          <Button size="large" onClick={() => setEditing(brand)} aria-label={`Edit ${brand.name}`}>
            Edit
          </Button>
          <Button size="large" danger onClick={() => setDeleting(brand)} aria-label={`Delete ${brand.name}`}>
            Delete
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      {messageHolder}
      <PageHeader
        title="Manage Brands"
        description="The brands your organization publishes content for: their names, logos, colors and websites."
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            Add Brand
          </Button>
        }
      />
      <div className="panel">
        {brands.isError && !brands.data ? (
          <LoadError
            what="The brands"
            error={brands.error}
            onRetry={() => void brands.refetch()}
            retrying={brands.isFetching}
          />
        ) : (
          <FitTable<Brand>
            rowKey="id"
            columns={columns}
            dataSource={brands.data?.items ?? []}
            loading={brands.isFetching}
            locale={{ emptyText: <Empty description="No brands yet. Add the first with Add Brand." /> }}
            pagination={{
              current: page,
              pageSize: paging.defaultPageSize,
              total: brands.data?.total ?? 0,
              onChange: setPage,
              showSizeChanger: false,
              showTotal: (count) => `${formatCount(count)} ${count === 1 ? 'brand' : 'brands'}`,
            }}
          />
        )}
      </div>
      {editing ? (
        <BrandFormDrawer
          key={editing === 'new' ? 'new' : editing.id}
          brand={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            void messageApi.success(editing === 'new' ? `${saved.name} added.` : `${saved.name} saved.`);
          }}
        />
      ) : null}
      {deleting ? (
        <DeleteBrandModal
          key={deleting.id}
          brand={deleting}
          others={(all.data?.items ?? []).filter((other) => other.id !== deleting.id)}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            void messageApi.success(`${deleting.name} deleted.`);
            setDeleting(null);
          }}
        />
      ) : null}
    </>
  );
}
