import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../../i18n/file-size';
import styles from './admin-lists.module.css';
import { useStorageUsage } from './storage-api';

/** "usage totals per container": files and bytes of each, and the whole. */
export function StorageUsageTotals() {
  const { t, i18n } = useTranslation();
  const { data } = useStorageUsage();
  if (!data) return null;
  const size = (bytes: number) => formatFileSize(bytes, i18n.language);
  return (
    <table className={styles.usage}>
      <caption>{t('admin.storage.usage.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('admin.storage.fields.purpose')}</th>
          <th scope="col">{t('admin.storage.usage.container')}</th>
          <th scope="col">{t('admin.storage.usage.files')}</th>
          <th scope="col">{t('admin.storage.usage.bytes')}</th>
        </tr>
      </thead>
      <tbody>
        {data.containers.map((row) => (
          <tr key={row.purpose}>
            <th scope="row">{t(`admin.storage.purposes.${row.purpose}`)}</th>
            <td>{row.container}</td>
            <td>{row.files}</td>
            <td>{size(row.bytes)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('admin.storage.usage.total')}</th>
          <td />
          <td>{data.totalFiles}</td>
          <td>{size(data.totalBytes)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
