import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { landingSections } from '../../config/landing';
import { CampaignCopyPanel } from '../../components/campaign/campaign-copy';
import { paths } from '../../config/routes';
import { brandContent } from '../../stores/content';

export default function LandingPage() {
  const brands = useUnit(brandContent.$state);
  useEffect(() => brandContent.requested(), []);
  return (
    <div className="landing-page">
      <section className="landing-hero" aria-labelledby="landing-title">
        <h1 id="landing-title">Rewards for the treatments you already love</h1>
        <p>Earn points with every treatment, redeem them for savings, and hear about offers first. Membership is free.</p>
        <CampaignCopyPanel contentType="campaignGlobal" />
        <Link href={paths.joinNow} className="p-button">
          JOIN NOW
        </Link>
      </section>
      <section id={landingSections.membershipPerks} className="landing-section" aria-labelledby="perks-title">
        <h2 id="perks-title">Membership perks</h2>
        <ul>
          <li>Points on every qualifying treatment and partner purchase.</li>
          <li>Gift certificates to redeem at your next appointment.</li>
          <li>Member-only promotions, surveys and bonus points.</li>
        </ul>
      </section>
      <section id={landingSections.findSpecialist} className="landing-section" aria-labelledby="specialist-title">
        <h2 id="specialist-title">Find a specialist</h2>
        <p>Book with a participating provider near you and use your rewards at the visit.</p>
        <Link href={paths.findSpecialist}>Search by ZIP code</Link>
      </section>
      <section id={landingSections.ourBrands} className="landing-section" aria-labelledby="brands-title">
        <h2 id="brands-title">Our brands</h2>
        <p>Treatments and skincare from our two brands both earn points in the programme.</p>
        <ul className="tiles">
          {brands.contents.map((b) => (
            <li key={b.brand} className="tile">
              <h3>{b.name}</h3>
              <p>{b.tagline}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
