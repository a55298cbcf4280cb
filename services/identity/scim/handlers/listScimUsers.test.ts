import { describe, expect, it, beforeAll } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp, type TestTenant } from '../../../../test/support/test-app.js';
import { createGroup, directoryOf, ENTERPRISE_SCHEMA, ERROR_SCHEMA, LIST_SCHEMA, USER_SCHEMA, verifiedDomain, type Directory } from '../testing/scim-client.js';

describe.each(handlerTestProfiles)('GET /api/scim/v2/Users: filters in SQL, sorting, paging ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  let tenant: TestTenant;
  let directory: Directory;
  const ids: Record<string, string> = {};

  // Four users of one directory (without addresses in emails' values where seats would run out: the Free plan has 3),
  // and one user of another organization matching every filter below.
  const users = {
    barbara: {
      userName: 'BJensen', externalId: 'bjensen-ext', displayName: 'Babs Jensen', title: 'Tour Guide', active: true,
      name: { givenName: 'Barbara', familyName: 'Jensen' },
      emails: [{ value: 'bjensen@Example.com', type: 'work', primary: true }, { value: 'babs@jensen.example', type: 'home' }],
      addresses: [{ locality: 'Hollywood', region: 'CA', country: 'USA', type: 'work' }],
      [ENTERPRISE_SCHEMA]: { department: 'Tours', costCenter: '4130' },
    },
    ken: { userName: 'kjensen', displayName: 'Ken Jensen', title: 'Manager', active: false, name: { givenName: 'Ken', familyName: 'Jensen' }, emails: [{ value: 'ken@home.example', type: 'home' }] },
    mary: { userName: 'mary.smith', displayName: 'Mary Smith', active: true, name: { givenName: 'Mary', familyName: 'Smith' }, emails: [{ value: 'not-an-address', type: 'work' }] },
    zed: { userName: 'zed', active: false },
  } as const;

  beforeAll(async () => {
    const [own, other] = await t.current.twoTenants();
    // A directory provisions only addresses of its organization's verified domains: the other organization
    // held example.com when it pushed its user, and let it go before this one verified it.
    const otherDirectory = await directoryOf(t.current, other);
    await verifiedDomain(t.current, other, 'example.com');
    const otherUser = await otherDirectory.call('POST', '/Users', { schemas: [USER_SCHEMA], ...users.barbara, [ENTERPRISE_SCHEMA]: undefined });
    if (otherUser.status !== 201) throw new Error(otherUser.raw);
    await t.current.db.query("UPDATE identity_domains SET verified_at = NULL WHERE org_id = $1 AND domain = 'example.com'", [other.id]);

    tenant = own;
    directory = await directoryOf(t.current, tenant);
    for (const domain of ['example.com', 'home.example']) await verifiedDomain(t.current, tenant, domain);
    for (const [key, user] of Object.entries(users)) {
      const created = await directory.call('POST', '/Users', { schemas: [USER_SCHEMA, ENTERPRISE_SCHEMA], ...user });
      if (created.status !== 201) throw new Error(created.raw);
      ids[key] = created.body.id;
    }
    const group = await createGroup(directory, { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Tour Guides', members: [{ value: ids.barbara }] });
    ids.group = group;
  });

  const list = (query: string) => directory.call('GET', `/Users?${query}`);
  const matching = async (filter: string): Promise<string[]> => {
    const response = await list(`filter=${encodeURIComponent(filter)}`);
    expect(response.status, `${filter}: ${response.raw}`).toBe(200);
    expect(response.body.totalResults).toBe(response.body.Resources.length);
    const byId = Object.fromEntries(Object.entries(ids).map(([key, id]) => [id, key]));
    return response.body.Resources.map((resource: { id: string }) => byId[resource.id]).sort();
  };

  it.each([
    ['userName eq "bjensen"', ['barbara']],
    ['USERNAME Eq "BJENSEN"', ['barbara']],
    ['urn:ietf:params:scim:schemas:core:2.0:User:userName eq "bjensen"', ['barbara']],
    ['userName ne "bjensen"', ['ken', 'mary', 'zed']],
    ['userName co "JENS"', ['barbara', 'ken']],
    ['userName sw "k"', ['ken']],
    ['userName ew "SMITH"', ['mary']],
    ['userName gt "l"', ['mary', 'zed']],
    ['userName le "kjensen"', ['barbara', 'ken']],
    ['title pr', ['barbara', 'ken']],
    ['not (title pr)', ['mary', 'zed']],
    ['active eq true', ['barbara', 'mary']],
    ['active eq false and name.familyName eq "jensen"', ['ken']],
    ['title eq "Manager" or displayName co "smith"', ['ken', 'mary']],
    ['externalId eq "bjensen-ext"', ['barbara']],
    ['externalId eq "BJENSEN-EXT"', []],
    ['emails eq "BJENSEN@example.com"', ['barbara']],
    ['emails.value co "@home.example"', ['ken']],
    ['emails[type eq "work"].value eq "bjensen@example.com"', ['barbara']],
    ['emails[type eq "home"].value eq "bjensen@example.com"', []],
    ['emails[type eq "work" and value co "example.com"]', ['barbara']],
    ['emails pr', ['barbara', 'ken', 'mary']],
    ['addresses.locality eq "hollywood"', ['barbara']],
    [`${ENTERPRISE_SCHEMA}:department eq "tours"`, ['barbara']],
    ['groups.display eq "tour guides"', ['barbara']],
    ['meta.created gt "2000-01-01T00:00:00Z"', ['barbara', 'ken', 'mary', 'zed']],
    ['meta.lastModified lt "2000-01-01T00:00:00Z"', []],
    ['meta.resourceType eq "User"', ['barbara', 'ken', 'mary', 'zed']],
  ])('filter %s', async (filter, expected) => {
    expect(await matching(filter)).toEqual(expected);
  });

  it('filters by id and by groups.value', async () => {
    expect(await matching(`id eq "${ids.ken}"`)).toEqual(['ken']);
    expect(await matching(`groups.value eq "${ids.group}"`)).toEqual(['barbara']);
    expect(await matching(`groups[value eq "${ids.group}"]`)).toEqual(['barbara']);
  });

  it.each([
    ['an unsupported attribute', 'favouriteColour eq "green"'],
    ['a sub-attribute that does not exist', 'name.nickname eq "x"'],
    ['an ordering comparison of a boolean', 'active gt true'],
    ['a number compared with a string', 'userName eq 12'],
    ['broken syntax', 'userName eq'],
    ['a value path on a single-valued attribute', 'userName[value eq "x"]'],
    ['a date compared with what is no date', 'meta.created gt "yesterday"'],
  ])('refuses %s with 400 invalidFilter', async (_case, filter) => {
    const response = await list(`filter=${encodeURIComponent(filter)}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: '400', scimType: 'invalidFilter' });
  });

  it('keeps the filter text out of the statement: a quote in the value is a value', async () => {
    expect(await matching(`userName eq "x' OR '1'='1"`)).toEqual([]);
    expect(await matching(`displayName co "' OR true --"`)).toEqual([]);
  });

  it('pages with startIndex (1-based) and count, with the total of the whole filter', async () => {
    const page = await list('startIndex=2&count=2&sortBy=userName');
    expect(page.body).toMatchObject({ schemas: [LIST_SCHEMA], totalResults: 4, startIndex: 2, itemsPerPage: 2 });
    expect(page.body.Resources.map((user: { userName: string }) => user.userName)).toEqual(['kjensen', 'mary.smith']);
    expect((await list('startIndex=0&count=1&sortBy=userName')).body).toMatchObject({ startIndex: 1, itemsPerPage: 1, Resources: [{ userName: 'BJensen' }] });
    expect((await list('count=0')).body).toMatchObject({ totalResults: 4, itemsPerPage: 0, Resources: [] });
    expect((await list('startIndex=10')).body).toMatchObject({ totalResults: 4, startIndex: 10, itemsPerPage: 0, Resources: [] });
    expect((await list('count=100000')).body.itemsPerPage).toBe(4);
  });

  it('sorts by an attribute, without case for a caseless one, and by a multi-valued one by its primary value', async () => {
    const names = async (query: string) => (await list(query)).body.Resources.map((user: { userName: string }) => user.userName);
    expect(await names('sortBy=userName')).toEqual(['BJensen', 'kjensen', 'mary.smith', 'zed']);
    expect(await names('sortBy=userName&sortOrder=descending')).toEqual(['zed', 'mary.smith', 'kjensen', 'BJensen']);
    expect(await names('sortBy=emails&filter=emails%20pr')).toEqual(['BJensen', 'kjensen', 'mary.smith']);
    expect((await list('sortBy=favouriteColour')).body).toMatchObject({ status: '400', scimType: 'invalidValue' });
  });

  it('narrows resources with attributes and excludedAttributes', async () => {
    const narrowed = await list(`filter=${encodeURIComponent('userName eq "bjensen"')}&attributes=userName,name.givenName,emails.value,${ENTERPRISE_SCHEMA}:department`);
    expect(narrowed.body.Resources).toEqual([
      {
        schemas: [USER_SCHEMA, ENTERPRISE_SCHEMA],
        id: ids.barbara,
        userName: 'BJensen',
        name: { givenName: 'Barbara' },
        emails: [{ value: 'bjensen@Example.com' }, { value: 'babs@jensen.example' }],
        [ENTERPRISE_SCHEMA]: { department: 'Tours' },
      },
    ]);
    const excluded = await list(`filter=${encodeURIComponent('userName eq "bjensen"')}&excludedAttributes=emails,meta,groups`);
    expect(excluded.body.Resources[0].emails).toBeUndefined();
    expect(excluded.body.Resources[0].meta).toBeUndefined();
    expect(excluded.body.Resources[0].userName).toBe('BJensen');
  });
});
