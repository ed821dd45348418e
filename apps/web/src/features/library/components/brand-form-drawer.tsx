import { libraryLimits, libraryMessages, type Brand, type BrandUpsert } from '@fitpost/contract';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { sharedGraphic, type Graphic } from '@/components/graphic-upload/graphic';
import { GraphicUpload } from '@/components/graphic-upload/graphic-upload';
import { useAltTextSync } from '@/components/graphic-upload/use-alt-text';
import { FormDrawer } from '@/components/form-drawer';
import { serverFormFields } from '@/lib/form-errors';
import { httpUrlRule, maxLengthRule } from '@/lib/form-rules';
import { useUpsertBrand } from '@/lib/api/library/upsert-brand';

interface BrandFormValues {
  name: string;
  description: string;
  logo: Graphic | null;
  colour: string;
  website: string;
}

const colourPattern = /^#[0-9a-fA-F]{6}$/;

function initialValues(brand: Brand | null): BrandFormValues {
  return {
    name: brand?.name ?? '',
    description: brand?.description ?? '',
    logo: brand?.logoMediaId ? sharedGraphic(brand.logoMediaId, brand.logoUrl) : null,
    colour: brand?.colour ?? '',
    website: brand?.website ?? '',
  };
}

/** The form's values as the API takes them: empty colour and website are none. */
function toBrandUpsert(values: BrandFormValues, id: string | undefined): BrandUpsert {
  const colour = values.colour.trim();
  const website = values.website.trim();
  return {
    ...(id ? { id } : {}),
    name: values.name.trim(),
    description: values.description.trim(),
    logoMediaId: values.logo?.mediaId ?? null,
    colour: colour === '' ? null : colour,
    website: website === '' ? null : website,
  };
}

/** The request's fields by the form field that shows them, for the server's field problems. */
const brandFields = {
  name: 'name',
  description: 'description',
  logoMediaId: 'logo',
  colour: 'colour',
  website: 'website',
} as const;

/** 'Add Brand' and 'Edit <name>': name, description, logo (the shared upload), colour and website. */
export function BrandFormDrawer({
  brand,
  onClose,
  onSaved,
}: {
  /** The brand being edited; null to add one. */
  brand: Brand | null;
  onClose: () => void;
  onSaved: (brand: Brand) => void;
}) {
  const [form] = Form.useForm<BrandFormValues>();
  const upsert = useUpsertBrand();
  const altText = useAltTextSync(null);
  const [uploading, setUploading] = useState(false);
  const colour = Form.useWatch('colour', form) ?? '';

  async function handleFinish(values: BrandFormValues) {
    try {
      await altText.sync(values.logo);
    } catch {
      return; // the alt text field shows why
    }
    upsert.mutate(toBrandUpsert(values, brand?.id), {
      onSuccess: (saved) => {
        upsert.reset();
        onSaved(saved);
      },
      onError: (error) => form.setFields(serverFormFields(error, brandFields)),
    });
  }

  function handleClose() {
    upsert.reset();
    onClose();
  }

  return (
    <FormDrawer
      title={brand ? `Edit ${brand.name}` : 'Add Brand'}
      saveLabel={brand ? 'Save' : 'Add Brand'}
      saving={upsert.isPending}
      saveDisabled={uploading}
      onSave={() => form.submit()}
      onClose={handleClose}
      error={upsert.error}
      errorTitle={brand ? 'The brand was not saved.' : 'The brand was not added.'}
    >
      <Form<BrandFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues(brand)}
        onFinish={(values) => void handleFinish(values)}
        preserve={false}
      >
        <Form.Item
          label="Name"
          name="name"
          rules={[
            { required: true, whitespace: true, message: libraryMessages.brandNameRequired },
            maxLengthRule('name', libraryLimits.brandNameMaxLength),
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Description"
          name="description"
          rules={[maxLengthRule('description', libraryLimits.descriptionMaxLength)]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.Item label="Logo" name="logo">
          <GraphicUpload altText={altText} previewAlt="The logo chosen" onUploadingChange={setUploading} />
        </Form.Item>
        <Form.Item
          label="Color"
          name="colour"
          extra="Written #rrggbb, such as #1d3b6f. Empty: none."
          rules={[{ pattern: colourPattern, message: libraryMessages.brandColour }]}
        >
          <Input
            autoComplete="off"
            placeholder="#1d3b6f"
            prefix={
              <span
                className="brand-colour-swatch"
                aria-hidden="true"
                style={colourPattern.test(colour.trim()) ? { background: colour.trim() } : undefined}
              />
            }
          />
        </Form.Item>
        <Form.Item label="Website" name="website" rules={[httpUrlRule(libraryMessages.brandWebsite)]}>
          <Input type="url" placeholder="https://" autoComplete="off" />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
