import { messages } from '@fitpost/contract';
import { Empty, Pagination } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { useBrands } from '@/lib/api/library/get-brands';
import { BrandCard } from '../components/brand-card';
import { LoadError } from '@/components/load-error';

const brandsPerPage = 24;

/** /app/brands: the organisation's brands; 'View Content' opens the library filtered to one. */
export function BrandsRoute() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const brands = useBrands({ page, pagesize: brandsPerPage, sort: 'name' });

  let content;
  if (brands.isPending) {
    content = <PageLoader label="Loading brands…" />;
  } else if (brands.isError && !brands.data) {
    content = (
      <LoadError
        what="The brands"
        error={brands.error}
        onRetry={() => void brands.refetch()}
        retrying={brands.isFetching}
      />
    );
  } else if (brands.data.items.length === 0) {
    content = (
      <div className="panel">
        <Empty description="No brands yet." />
      </div>
    );
  } else {
    const { items, total, pageSize } = brands.data;
    content = (
      <>
        <ul className="content-grid" aria-label="Brands">
          {items.map((brand) => (
            <li key={brand.id}>
              <BrandCard
                brand={brand}
                onViewContent={(chosen) =>
                  void navigate(`/app/content?brandId=${encodeURIComponent(chosen.id)}`)
                }
              />
            </li>
          ))}
        </ul>
        {total > pageSize ? (
          <nav className="grid-pagination" aria-label="Brands pages">
            <Pagination
              current={page}
              pageSize={pageSize}
              total={total}
              onChange={setPage}
              showSizeChanger={false}
            />
          </nav>
        ) : null}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={messages['page.brands']}
        description="The brands your organization publishes content for. Open one to see its posts in the library."
      />
      {content}
    </>
  );
}
