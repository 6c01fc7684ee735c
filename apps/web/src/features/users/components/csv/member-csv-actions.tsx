import { FileDown } from 'lucide-react';
import { useSignedInUser } from '@/lib/session/get-session';
import { can } from '@/lib/session/abilities';
import { MEMBERS_EXPORT_URL } from '../../api/import-members';
import { ImportMembersDialog } from './import-members-dialog';
import styles from './import-members-dialog.module.css';
import { useMembersCsvTranslation } from './members-csv-texts';

/** The member list as a file: export it, import one; each shown to whom the server allows it. */
export function MemberCsvActions() {
  const { t } = useMembersCsvTranslation();
  const user = useSignedInUser();
  const mayExport = can(user, 'read:member-private:any');
  const mayImport = can(user, 'edit:member:any');
  if (!mayExport && !mayImport) return null;
  return (
    <div className={styles.actions}>
      {mayExport && (
        // A plain link: the browser downloads the file the server names (Content-Disposition).
        <a className="button" href={MEMBERS_EXPORT_URL} download>
          <FileDown size={18} aria-hidden="true" />
          {t('export')}
        </a>
      )}
      {mayImport && <ImportMembersDialog />}
    </div>
  );
}
