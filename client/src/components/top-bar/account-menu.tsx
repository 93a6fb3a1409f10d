import { Menu } from 'primereact/menu';
import type { MenuItem } from 'primereact/menuitem';
import { useRef } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../config/routes';
import { greetingFor } from '../../lib/greeting';
import { navigateOrAsk } from '../dialogs/use-leave-page-warning';

const destinations = [
  { label: 'Profile', href: paths.profile },
  { label: 'Activity Summary', href: paths.activitySummary },
  { label: 'Find a Specialist', href: paths.findSpecialist },
  { label: 'Buy Gift Certificates', href: paths.buyGiftCertificates },
  { label: 'Refer a Friend', href: paths.referAFriend },
  { label: 'FAQs', href: paths.faq },
] as const;

export function AccountMenu({ firstName, onSignOut }: { firstName: string; onSignOut: () => void }) {
  const menu = useRef<Menu>(null);
  const [, navigate] = useLocation();
  const greeting = `${greetingFor(new Date())}, ${firstName}`;
  const model: MenuItem[] = [
    { template: () => <div className="account-menu__greeting">{greeting}</div> },
    { separator: true },
    ...destinations.map(({ label, href }) => ({ label, command: () => navigateOrAsk(href, navigate) })),
    { separator: true },
    { label: 'Sign Out', icon: 'pi pi-sign-out', command: onSignOut },
  ];
  return (
    <>
      <Menu model={model} popup ref={menu} id="account-menu" className="account-menu" aria-label="Account" />
      <button type="button" className="account-menu__toggle" aria-haspopup="menu" aria-controls="account-menu" onClick={(event) => menu.current?.toggle(event)}>
        <i className="pi pi-user" aria-hidden="true" />
        <span>{firstName}</span>
        <span className="visually-hidden">account menu</span>
        <i className="pi pi-angle-down" aria-hidden="true" />
      </button>
    </>
  );
}
