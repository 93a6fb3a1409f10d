import { AuthenticatedTopBar } from '../top-bar/authenticated-top-bar';
import { ImpersonationBanner } from '../top-bar/impersonation-banner';

/** Loaded only once signed in: the account menu is the heaviest piece of the shell. */
export default function MemberChrome() {
  return (
    <>
      <ImpersonationBanner />
      <AuthenticatedTopBar />
    </>
  );
}
