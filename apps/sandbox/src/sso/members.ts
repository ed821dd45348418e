/** Every demo member signs in with this password; the sign-in page says so. */
export const DEMO_PASSWORD = 'fitpost';

/** A member of the organisation as its membership system knows them. */
export interface DemoMember {
  sub: string;
  email: string;
  name: string;
  /** The organisation's portal (FitPost tenant) the member belongs to. */
  portalId: number;
  accountType: string;
  /** Whether the member's membership includes FitPost. */
  fitpost: boolean;
  /**
   * What the ID token says about the email when it is not simply `email`, verified: an account
   * whose provider lets people register an address they do not own (unverified), or a second
   * account of a person the organisation already knows, heading another portal (verified).
   */
  claimedEmail?: { email: string; verified: boolean };
}

/** The claims the organisation releases about a member, by the names the FitPost server reads. */
export interface MemberClaims {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture: string;
  profile: string;
  portal_id: number;
  account_type: string;
  fitpost: boolean;
}

export const demoMembers: readonly DemoMember[] = [
  {
    sub: 'member-1001',
    email: 'coach@example.com',
    name: 'Casey Coach',
    portalId: 1,
    accountType: 'Personal Trainer',
    fitpost: true,
  },
  {
    sub: 'member-1002',
    email: 'admin@example.com',
    name: 'Alex Admin',
    portalId: 1,
    accountType: 'Staff',
    fitpost: true,
  },
  {
    sub: 'member-1003',
    email: 'lapsed@example.com',
    name: 'Lee Lapsed',
    portalId: 1,
    accountType: 'Personal Trainer',
    fitpost: false,
  },
  {
    sub: 'member-2001',
    email: 'coach@other.example.com',
    name: 'Olivia Other',
    portalId: 2,
    accountType: 'Group Fitness Instructor',
    fitpost: true,
  },
  {
    // Signs in as unverified@example.com, but its ID token claims the bootstrap admin's email,
    // unverified: FitPost must neither link it nor let it hold that email (issue 25).
    sub: 'member-1004',
    email: 'unverified@example.com',
    name: 'Uri Unverified',
    portalId: 1,
    accountType: 'Personal Trainer',
    fitpost: true,
    claimedEmail: { email: 'admin@example.com', verified: false },
  },
];

/**
 * Members added while the sandbox runs (`POST /_sandbox/members`), by email: each end-to-end spec
 * makes its own, so specs running side by side never share a member. Kept for the process's life
 * (the sandbox is a stand-in started per run), beside the fixed demo members.
 */
const addedMembers = new Map<string, DemoMember>();

/** Emails are compared the way people type them: case and surrounding spaces do not matter. */
export function findMemberByEmail(email: string): DemoMember | undefined {
  const wanted = email.trim().toLowerCase();
  return demoMembers.find((member) => member.email === wanted) ?? addedMembers.get(wanted);
}

export function findMemberBySub(sub: string): DemoMember | undefined {
  return (
    demoMembers.find((member) => member.sub === sub) ??
    [...addedMembers.values()].find((member) => member.sub === sub)
  );
}

/** Adds a member; undefined when the email is already a member's (demo or added). */
export function addMember(member: Omit<DemoMember, 'sub'>): DemoMember | undefined {
  const email = member.email.trim().toLowerCase();
  if (findMemberByEmail(email)) return undefined;
  const added: DemoMember = { ...member, email, sub: `member-added-${addedMembers.size + 1}` };
  addedMembers.set(email, added);
  return added;
}

/** Checks a sign-in attempt; undefined means the email is unknown or the password wrong, never which. */
export function authenticate(email: string, password: string): DemoMember | undefined {
  const member = findMemberByEmail(email);
  return member && password === DEMO_PASSWORD ? member : undefined;
}

/** The member's claims; picture and profile point at this sandbox's own pages. */
export function memberClaims(member: DemoMember, publicUrl: string): MemberClaims {
  return {
    sub: member.sub,
    email: member.claimedEmail?.email ?? member.email,
    email_verified: member.claimedEmail?.verified ?? true,
    name: member.name,
    picture: `${publicUrl}/avatars/${member.sub}.svg`,
    profile: `${publicUrl}/profile/${member.sub}`,
    portal_id: member.portalId,
    account_type: member.accountType,
    fitpost: member.fitpost,
  };
}

/** Scope → claims released under it, in oidc-provider's `claims` configuration shape. */
export const CLAIMS_BY_SCOPE = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['name', 'picture', 'profile'],
  fitpost: ['portal_id', 'account_type', 'fitpost'],
} as const satisfies Record<string, readonly (keyof MemberClaims)[]>;
