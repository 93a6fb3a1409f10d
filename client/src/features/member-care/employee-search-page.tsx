import { Link } from 'wouter';
import type { MemberSummary } from './api/member-care-api';
import { fullName, MemberSearch } from './components/member-search';
import { memberCarePaths } from './member-care-paths';
import './member-care.css';

const memberHref = (m: MemberSummary) => memberCarePaths.member(m.paxId);

/** /admin-tools/employee-search: find a member, then open their support view. */
export default function EmployeeSearchPage() {
  return (
    <section className="member-care" aria-labelledby="employee-search-title">
      <h1 id="employee-search-title">Member Search</h1>
      <p>Find a member to see their contacts, balance and history, give them points or sign in as them.</p>
      <MemberSearch
        idPrefix="employee-search"
        memberHref={memberHref}
        actions={(m) => (
          <Link href={memberHref(m)} className="p-button p-button-text p-button-sm" aria-label={`Open ${fullName(m)}`}>
            Open
          </Link>
        )}
      />
    </section>
  );
}
