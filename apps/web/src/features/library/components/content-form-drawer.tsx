import {
  type ContentItem,
  type ContentUpsert,
  libraryLimits,
  libraryMessages,
  messages,
  paging,
} from '@fitpost/contract';
import { Checkbox, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { FormDrawer } from '@/components/form-drawer';
import { useBrands } from '@/lib/api/library/get-brands';
import { useTags } from '@/lib/api/library/get-tags';
import { useUpsertContent } from '@/lib/api/content/upsert-content';
import { sharedGraphic, type Graphic } from '@/components/graphic-upload/graphic';
import { GraphicUpload } from '@/components/graphic-upload/graphic-upload';
import { useAltTextSync } from '@/components/graphic-upload/use-alt-text';
import { serverFormFields } from '@/lib/form-errors';
import { httpUrlRule, maxLengthRule } from '@/lib/form-rules';

interface ContentFormValues {
  title: string;
  body: string;
  graphic: Graphic | null;
  link: string;
  brandId?: string;
  tagIds: string[];
  activeFrom: Dayjs | null;
  activeUntil: Dayjs | null;
  recommended: boolean;
}

function initialValues(item: ContentItem | null): ContentFormValues {
  return {
    title: item?.title ?? '',
    body: item?.body ?? '',
    graphic: item?.mediaId ? sharedGraphic(item.mediaId, item.graphicUrl) : null,
    link: item?.link ?? '',
    brandId: item?.brand?.id,
    tagIds: item?.tags.map((tag) => tag.id) ?? [],
    activeFrom: item?.activeFrom ? dayjs(item.activeFrom) : null,
    activeUntil: item?.activeUntil ? dayjs(item.activeUntil) : null,
    recommended: item?.recommended ?? false,
  };
}

/** The form's values as the API takes them; the window runs from the start of its first day to the end of its last. */
function toContentUpsert(values: ContentFormValues, id: string | undefined): ContentUpsert {
  return {
    ...(id ? { id } : {}),
    title: values.title.trim(),
    body: values.body,
    mediaId: values.graphic?.mediaId ?? null,
    link: values.link.trim() === '' ? null : values.link.trim(),
    brandId: values.brandId ?? null,
    tagIds: values.tagIds,
    activeFrom: values.activeFrom ? values.activeFrom.startOf('day').toISOString() : null,
    activeUntil: values.activeUntil ? values.activeUntil.endOf('day').toISOString() : null,
    recommended: values.recommended,
  };
}

/** The request's fields by the form field that shows them, for the server's field problems. */
const contentFields = {
  title: 'title',
  body: 'body',
  mediaId: 'graphic',
  link: 'link',
  brandId: 'brandId',
  tagIds: 'tagIds',
  activeFrom: 'activeFrom',
  activeUntil: 'activeUntil',
} as const;

interface ContentFormDrawerProps {
  open: boolean;
  /** The item being edited; null to add one. */
  item: ContentItem | null;
  onClose: () => void;
  onSaved: (item: ContentItem) => void;
}

/** Content Repository's add / edit form: title, caption, graphic, link, brand, tags, active window, recommended. */
export function ContentFormDrawer({ open, item, onClose, onSaved }: ContentFormDrawerProps) {
  const [form] = Form.useForm<ContentFormValues>();
  const upsert = useUpsertContent();
  const brands = useBrands({ page: 1, pagesize: paging.maxPageSize, sort: 'name' });
  const tags = useTags({ page: 1, pagesize: paging.maxPageSize, sort: 'name' });
  const title = item ? 'Edit Content' : messages['action.addContent'];
  const altText = useAltTextSync(null);
  const [uploading, setUploading] = useState(false);

  async function handleFinish(values: ContentFormValues) {
    try {
      await altText.sync(values.graphic);
    } catch {
      return; // the alt text field shows why
    }
    upsert.mutate(toContentUpsert(values, item?.id), {
      onSuccess: (saved) => {
        upsert.reset();
        onSaved(saved);
      },
      onError: (error) => form.setFields(serverFormFields(error, contentFields)),
    });
  }

  function handleClose() {
    upsert.reset();
    onClose();
  }

  return (
    <FormDrawer
      title={title}
      open={open}
      saving={upsert.isPending}
      saveDisabled={uploading}
      onSave={() => form.submit()}
      onClose={handleClose}
      error={upsert.error}
      errorTitle="The content was not saved."
    >
      <Form<ContentFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues(item)}
        onFinish={(values) => void handleFinish(values)}
        preserve={false}
      >
        <Form.Item
          label="Title"
          name="title"
          rules={[
            { required: true, whitespace: true, message: libraryMessages.titleRequired },
            maxLengthRule('title', libraryLimits.titleMaxLength),
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Caption"
          name="body"
          extra="The text that becomes the post's body."
          rules={[maxLengthRule('caption', libraryLimits.bodyMaxLength)]}
        >
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} />
        </Form.Item>
        <Form.Item label="Graphic" name="graphic">
          <GraphicUpload altText={altText} previewAlt="The graphic chosen" onUploadingChange={setUploading} />
        </Form.Item>
        <Form.Item label="Link" name="link" rules={[httpUrlRule(libraryMessages.linkInvalid)]}>
          <Input type="url" placeholder="https://" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Brand" name="brandId">
          <Select<string>
            placeholder="No brand"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={brands.isPending}
            options={(brands.data?.items ?? []).map((brand) => ({ value: brand.id, label: brand.name }))}
          />
        </Form.Item>
        <Form.Item
          label="Tags"
          name="tagIds"
          rules={[
            {
              type: 'array',
              max: libraryLimits.tagsPerItem,
              message: `Choose at most ${libraryLimits.tagsPerItem} tags`,
            },
          ]}
        >
          <Select<string[]>
            mode="multiple"
            placeholder="No tags"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={tags.isPending}
            options={(tags.data?.items ?? []).map((tag) => ({
              value: tag.id,
              label: tag.searchable ? tag.name : `${tag.name} (not searchable)`,
            }))}
          />
        </Form.Item>
        <Form.Item label="Active from" name="activeFrom" extra="Empty: shown in the library straight away.">
          <DatePicker format="M/D/YYYY" className="content-form-date" />
        </Form.Item>
        <Form.Item
          label="Active until"
          name="activeUntil"
          extra="Empty: shown until you remove it. The last day is included."
          dependencies={['activeFrom']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule, until: Dayjs | null) => {
                const from = getFieldValue('activeFrom') as Dayjs | null;
                return !from || !until || until.endOf('day').isAfter(from.startOf('day'))
                  ? Promise.resolve()
                  : Promise.reject(new Error(libraryMessages.windowOrder));
              },
            }),
          ]}
        >
          <DatePicker format="M/D/YYYY" className="content-form-date" />
        </Form.Item>
        <Form.Item name="recommended" valuePropName="checked">
          <Checkbox>Recommended (shown on members' Recommended Posts)</Checkbox>
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
