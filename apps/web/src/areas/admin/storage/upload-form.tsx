import { FILE_PURPOSES, type FilePurpose } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../forms/choice-fields';
import { FileInput } from '../../../forms/file-input';
import { Form, useFormKit } from '../../../forms/form';
import { FormActions } from '../../../forms/form-actions';
import { closeModal } from '../../../modal/modal-store';
import { toast } from '../../../toast/toast';
import { uploadBody, useStorageMutations } from './storage-api';

interface UploadValues {
  purpose: FilePurpose;
  file: File | null;
}

/**
 * issue 13 item 3: "upload into a container". The file field follows the chosen container's rules (its
 * extensions and size limit, packages/domain FILE_RULES); the API checks them again, and the content.
 */
export function UploadForm() {
  const { t } = useTranslation();
  const form = useFormKit<UploadValues>({ defaultValues: { purpose: 'DOCUMENT', file: null } });
  const { upload } = useStorageMutations();
  const purpose = form.watch('purpose');
  const save = async ({ purpose, file }: UploadValues) => {
    if (!file) return;
    const stored = await upload.mutateAsync({ body: uploadBody(purpose, file) });
    toast.success(t('admin.storage.uploaded', { name: stored.name }));
    closeModal();
  };
  const purposes = FILE_PURPOSES.map((id) => ({ id, name: t(`admin.storage.purposes.${id}`) }));
  return (
    <Form
      form={form}
      onSubmit={(values) => save(values).catch(() => {})}
      aria-label={t('admin.storage.upload')}
    >
      <SelectField name="purpose" label={t('admin.storage.fields.purpose')} items={purposes} required />
      <FileInput key={purpose} name="file" label={t('admin.storage.fields.file')} accept={purpose} required />
      <FormActions saving={form.formState.isSubmitting} />
    </Form>
  );
}
