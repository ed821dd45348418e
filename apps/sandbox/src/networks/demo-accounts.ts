/**
 * The demo accounts every network starts with: one set for the coach (coach@example.com, Casey Coach) and one
 * for the admin (admin@example.com, Alex Admin), matching the SSO's demo members. Ids are fixed so tests,
 * the seeded demo and documentation can name them.
 */

export interface DemoXAccount {
  id: string;
  username: string;
  name: string;
  email: string;
}

export interface DemoLinkedInMember {
  id: string;
  givenName: string;
  familyName: string;
  email: string;
}

export interface DemoInstagramAccount {
  id: string;
  username: string;
  name: string;
}

export interface DemoFacebookPage {
  id: string;
  name: string;
  category: string;
  instagram?: DemoInstagramAccount;
}

export interface DemoFacebookUser {
  id: string;
  name: string;
  email: string;
  pages: DemoFacebookPage[];
}

export const demoXAccounts: readonly DemoXAccount[] = [
  { id: '1500000000000001001', username: 'casey_coach_fit', name: 'Casey Coach', email: 'coach@example.com' },
  { id: '1500000000000001002', username: 'alex_admin_fit', name: 'Alex Admin', email: 'admin@example.com' },
];

export const demoLinkedInMembers: readonly DemoLinkedInMember[] = [
  { id: 'CaseyCoach1001', givenName: 'Casey', familyName: 'Coach', email: 'coach@example.com' },
  { id: 'AlexAdmin1002', givenName: 'Alex', familyName: 'Admin', email: 'admin@example.com' },
];

export const demoFacebookUsers: readonly DemoFacebookUser[] = [
  {
    id: '10000000000001001',
    name: 'Casey Coach',
    email: 'coach@example.com',
    pages: [
      {
        id: '100000000001001',
        name: 'Casey Coach Fitness',
        category: 'Personal Coach',
        instagram: { id: '17841400000001001', username: 'casey_coach_fitness', name: 'Casey Coach Fitness' },
      },
      { id: '100000000001002', name: "Casey's Bootcamp", category: 'Fitness Boot Camp' },
    ],
  },
  {
    id: '10000000000001002',
    name: 'Alex Admin',
    email: 'admin@example.com',
    pages: [
      {
        id: '100000000002001',
        name: 'FitPro Academy',
        category: 'Sports & Recreation',
        instagram: { id: '17841400000002001', username: 'fitpro_academy', name: 'FitPro Academy' },
      },
    ],
  },
];
