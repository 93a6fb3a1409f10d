export type Greeting = 'Good morning' | 'Good afternoon' | 'Good evening';

/** By the member's local clock: morning before noon, afternoon before 18:00, evening after. */
export const greetingFor = (at: Date): Greeting => {
  const hour = at.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
};
