import { FILE_PURPOSES, type FilePurpose, fileFormSchema, type StoredFileRow } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../forms/choice-fields';
import { FileInput } from '../../../forms/file-input';
import { openFormDialog } from '../../../modal/form-dialog';

interface UploadValues {
  purpose: FilePurpose;
  file: File | null;
}

/**
 * The container (the contract's fileFormSchema: the multipart's text fields) and the file, which follows
 * the chosen container's rules (its extensions and size limit, packages/domain FILE_RULES); the API checks
 * them again, and the content.
 */
function UploadFields() {
  const { t } = useTranslation();
  const purpose = useWatch<UploadValues, 'purpose'>({ name: 'purpose' });
  const purposes = FILE_PURPOSES.map((id) => ({ id, name: t(`admin.storage.purposes.${id}`) }));
  return (
    <>
      <SelectField name="purpose" label={t('admin.storage.fields.purpose')} items={purposes} />
      <FileInput key={purpose} name="file" label={t('admin.storage.fields.file')} accept={purpose} required />
    </>
  );
}

/**
 * "upload into a container", in the form dialog; `upload` is the call. A refusal (a file
 * the container does not take) stays beside the form.
 */
export function openUploadForm(
  t: TFunction,
  upload: (purpose: FilePurpose, file: File) => Promise<StoredFileRow>,
  onUploaded: (text: string) => void,
) {
  openFormDialog<UploadValues, StoredFileRow>({
    title: t('admin.storage.upload'),
    confirm: 'actions.save',
    defaultValues: { purpose: 'DOCUMENT', file: null },
    schema: fileFormSchema,
    fields: <UploadFields />,
    // The file is required: the form does not submit without one.
    submit: ({ purpose, file }) =>
      file ? upload(purpose, file) : Promise.reject(new Error('No file chosen')),
    done: (stored) => onUploaded(t('admin.storage.uploaded', { name: stored.name })),
  });
}
