import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { paths } from '../../config/routes';
import { brandContent } from '../../stores/content';
import { PromotionTiles } from './components/promotion-tiles';

const ways = [
  { title: 'Treatments', text: 'Earn points on every qualifying treatment at a participating specialist, up to 1,000 points per date of service.' },
  { title: 'Partner purchases', text: 'Qualifying partner products earn points too, up to a daily limit.' },
  { title: 'Surveys', text: 'Share your thoughts in member surveys and earn bonus points.', href: paths.surveys, link: 'See surveys' },
  { title: 'Refer a friend', text: 'Invite a friend: you both earn a reward after their first treatment.', href: paths.referAFriend, link: 'Refer a friend' },
];

export default function EarnPointsPage() {
  const brands = useUnit(brandContent.$state);
  useEffect(() => brandContent.requested(), []);
  return (
    <section className="earn" aria-labelledby="earn-title">
      <h1 id="earn-title">Earn Points</h1>
      <ul className="tiles">
        {ways.map((w) => (
          <li key={w.title} className="tile">
            <h2>{w.title}</h2>
            <p>{w.text}</p>
            {w.href && <Link href={w.href}>{w.link}</Link>}
          </li>
        ))}
      </ul>
      <PromotionTiles />
      <h2>Brands that earn points</h2>
      <ul className="tiles" data-testid="brands">
        {brands.contents.map((b) => (
          <li key={b.brand} className="tile">
            <h3>{b.name}</h3>
            <p>{b.tagline}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
