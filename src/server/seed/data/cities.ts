// Real neighbourhoods of the three demo cities, with approximate centres, local streets and ZIPs,
// so addresses and the "City (Neighbourhood)" line on merchant cards read like the real thing.

export interface Neighborhood {
  name: string;
  /** Postal city: Brooklyn and Queens neighbourhoods are not addressed as "New York". */
  city: string;
  lat: number;
  lng: number;
  /** How many merchants it gets relative to its siblings. */
  weight: number;
  streets: readonly string[];
  zips: readonly string[];
}

export interface CityPlan {
  key: 'nyc' | 'chicago' | 'sf';
  state: string;
  center: { lat: number; lng: number };
  /** Merchants to generate. */
  count: number;
  /** Merchants farther than this from the centre are re-drawn (miles). */
  maxMiles: number;
  /** Spread of a merchant around its neighbourhood centre (degrees latitude, one sd). */
  jitter: number;
  neighborhoods: readonly Neighborhood[];
}

const nyc: CityPlan = {
  key: 'nyc',
  state: 'NY',
  center: { lat: 40.7577, lng: -73.9857 },
  count: 340,
  maxMiles: 6,
  jitter: 0.0028,
  neighborhoods: [
    { name: 'Theater District', city: 'New York', lat: 40.759, lng: -73.9865, weight: 14, streets: ['W 44th St', 'W 45th St', 'W 46th St', 'W 47th St', '8th Ave', 'Broadway'], zips: ['10036'] },
    { name: 'Midtown East', city: 'New York', lat: 40.754, lng: -73.972, weight: 12, streets: ['E 48th St', 'E 52nd St', 'Lexington Ave', '3rd Ave', '2nd Ave', 'E 45th St'], zips: ['10017', '10022'] },
    { name: "Hell's Kitchen", city: 'New York', lat: 40.7638, lng: -73.9918, weight: 16, streets: ['9th Ave', '10th Ave', 'W 51st St', 'W 53rd St', 'W 49th St'], zips: ['10019', '10036'] },
    { name: 'Koreatown', city: 'New York', lat: 40.7478, lng: -73.9865, weight: 8, streets: ['W 32nd St', 'W 35th St', '5th Ave', 'Broadway'], zips: ['10001'] },
    { name: 'Murray Hill', city: 'New York', lat: 40.7479, lng: -73.9757, weight: 8, streets: ['Lexington Ave', '3rd Ave', 'E 34th St', 'E 38th St'], zips: ['10016'] },
    { name: 'Kips Bay', city: 'New York', lat: 40.742, lng: -73.98, weight: 5, streets: ['2nd Ave', '3rd Ave', 'E 28th St', 'E 29th St'], zips: ['10016'] },
    { name: 'Chelsea', city: 'New York', lat: 40.7465, lng: -74.0014, weight: 13, streets: ['9th Ave', '8th Ave', 'W 19th St', 'W 22nd St', '10th Ave', 'W 14th St'], zips: ['10011', '10001'] },
    { name: 'Flatiron', city: 'New York', lat: 40.741, lng: -73.9897, weight: 10, streets: ['5th Ave', 'Broadway', 'E 20th St', 'W 22nd St', 'Park Ave S'], zips: ['10010'] },
    { name: 'Gramercy', city: 'New York', lat: 40.7368, lng: -73.9845, weight: 6, streets: ['Irving Pl', 'E 18th St', '3rd Ave', 'Park Ave S'], zips: ['10003'] },
    { name: 'Greenwich Village', city: 'New York', lat: 40.7336, lng: -73.999, weight: 12, streets: ['Bleecker St', 'MacDougal St', 'W 4th St', '6th Ave', 'Waverly Pl'], zips: ['10012', '10011'] },
    { name: 'West Village', city: 'New York', lat: 40.7358, lng: -74.0036, weight: 12, streets: ['Hudson St', 'Perry St', 'Greenwich Ave', 'W 10th St', 'Christopher St'], zips: ['10014'] },
    { name: 'East Village', city: 'New York', lat: 40.7265, lng: -73.9815, weight: 14, streets: ['St Marks Pl', 'Avenue A', '1st Ave', 'E 7th St', 'E 9th St', '2nd Ave'], zips: ['10009', '10003'] },
    { name: 'NoHo', city: 'New York', lat: 40.7289, lng: -73.9923, weight: 5, streets: ['Bond St', 'Lafayette St', 'Great Jones St', 'Bowery'], zips: ['10012'] },
    { name: 'SoHo', city: 'New York', lat: 40.7233, lng: -74.003, weight: 9, streets: ['Spring St', 'Prince St', 'Thompson St', 'Sullivan St', 'Grand St'], zips: ['10012', '10013'] },
    { name: 'Nolita', city: 'New York', lat: 40.7229, lng: -73.9955, weight: 6, streets: ['Mulberry St', 'Elizabeth St', 'Mott St', 'Kenmare St'], zips: ['10012'] },
    { name: 'Little Italy', city: 'New York', lat: 40.7191, lng: -73.9973, weight: 4, streets: ['Mulberry St', 'Grand St', 'Hester St'], zips: ['10013'] },
    { name: 'Chinatown', city: 'New York', lat: 40.7158, lng: -73.997, weight: 8, streets: ['Mott St', 'Doyers St', 'Bayard St', 'Pell St', 'Canal St'], zips: ['10013', '10002'] },
    { name: 'Lower East Side', city: 'New York', lat: 40.715, lng: -73.9843, weight: 10, streets: ['Orchard St', 'Ludlow St', 'Clinton St', 'Rivington St', 'Delancey St'], zips: ['10002'] },
    { name: 'Tribeca', city: 'New York', lat: 40.7163, lng: -74.0086, weight: 7, streets: ['Greenwich St', 'Hudson St', 'Franklin St', 'Duane St', 'Reade St'], zips: ['10013', '10007'] },
    { name: 'Financial District', city: 'New York', lat: 40.7075, lng: -74.0113, weight: 8, streets: ['Stone St', 'Pearl St', 'William St', 'Maiden Ln', 'Broad St'], zips: ['10004', '10005', '10038'] },
    { name: 'Battery Park City', city: 'New York', lat: 40.7118, lng: -74.016, weight: 3, streets: ['North End Ave', 'Vesey St', 'South End Ave'], zips: ['10280', '10282'] },
    { name: 'Upper West Side', city: 'New York', lat: 40.787, lng: -73.9754, weight: 12, streets: ['Amsterdam Ave', 'Columbus Ave', 'Broadway', 'W 72nd St', 'W 86th St'], zips: ['10023', '10024', '10025'] },
    { name: 'Lincoln Square', city: 'New York', lat: 40.774, lng: -73.9844, weight: 5, streets: ['Columbus Ave', 'Broadway', 'W 65th St', 'W 67th St'], zips: ['10023'] },
    { name: 'Upper East Side', city: 'New York', lat: 40.7736, lng: -73.9566, weight: 11, streets: ['Lexington Ave', '2nd Ave', '3rd Ave', 'E 78th St', 'Madison Ave'], zips: ['10021', '10065', '10075'] },
    { name: 'Yorkville', city: 'New York', lat: 40.7762, lng: -73.9492, weight: 5, streets: ['1st Ave', '2nd Ave', 'E 86th St', 'York Ave'], zips: ['10028', '10128'] },
    { name: 'Morningside Heights', city: 'New York', lat: 40.81, lng: -73.9625, weight: 4, streets: ['Amsterdam Ave', 'Broadway', 'W 112th St'], zips: ['10025', '10027'] },
    { name: 'Harlem', city: 'New York', lat: 40.8116, lng: -73.9465, weight: 7, streets: ['Frederick Douglass Blvd', 'Malcolm X Blvd', 'W 125th St', 'Adam Clayton Powell Jr Blvd'], zips: ['10026', '10027'] },
    { name: 'Williamsburg', city: 'Brooklyn', lat: 40.7144, lng: -73.9596, weight: 12, streets: ['Bedford Ave', 'Wythe Ave', 'N 6th St', 'Grand St', 'Metropolitan Ave'], zips: ['11211', '11249'] },
    { name: 'Greenpoint', city: 'Brooklyn', lat: 40.7295, lng: -73.9544, weight: 5, streets: ['Manhattan Ave', 'Franklin St', 'Nassau Ave', 'Greenpoint Ave'], zips: ['11222'] },
    { name: 'DUMBO', city: 'Brooklyn', lat: 40.7033, lng: -73.9881, weight: 4, streets: ['Front St', 'Water St', 'Jay St', 'Washington St'], zips: ['11201'] },
    { name: 'Brooklyn Heights', city: 'Brooklyn', lat: 40.696, lng: -73.9933, weight: 4, streets: ['Montague St', 'Henry St', 'Hicks St', 'Court St'], zips: ['11201'] },
    { name: 'Long Island City', city: 'Long Island City', lat: 40.7447, lng: -73.9485, weight: 6, streets: ['Vernon Blvd', 'Jackson Ave', '44th Dr', 'Center Blvd'], zips: ['11101', '11109'] },
    { name: 'Astoria', city: 'Astoria', lat: 40.7644, lng: -73.9235, weight: 7, streets: ['Ditmars Blvd', '30th Ave', 'Broadway', 'Steinway St', '31st St'], zips: ['11102', '11103', '11105'] },
  ],
};

const chicago: CityPlan = {
  key: 'chicago',
  state: 'IL',
  center: { lat: 41.8781, lng: -87.6298 },
  count: 140,
  maxMiles: 9,
  jitter: 0.0035,
  neighborhoods: [
    { name: 'The Loop', city: 'Chicago', lat: 41.8837, lng: -87.6289, weight: 12, streets: ['W Madison St', 'S State St', 'W Randolph St', 'S Wabash Ave', 'W Monroe St'], zips: ['60601', '60602', '60603', '60606'] },
    { name: 'River North', city: 'Chicago', lat: 41.8924, lng: -87.6341, weight: 14, streets: ['W Hubbard St', 'N Wells St', 'W Kinzie St', 'N Clark St', 'W Ontario St'], zips: ['60654', '60610'] },
    { name: 'West Loop', city: 'Chicago', lat: 41.8826, lng: -87.649, weight: 14, streets: ['W Randolph St', 'N Halsted St', 'W Lake St', 'W Washington Blvd'], zips: ['60607', '60661'] },
    { name: 'Fulton Market', city: 'Chicago', lat: 41.8866, lng: -87.65, weight: 8, streets: ['W Fulton Market', 'N Morgan St', 'N Green St', 'N Peoria St'], zips: ['60607'] },
    { name: 'Gold Coast', city: 'Chicago', lat: 41.905, lng: -87.627, weight: 7, streets: ['N Rush St', 'E Oak St', 'N State St', 'E Walton St'], zips: ['60610', '60611'] },
    { name: 'Streeterville', city: 'Chicago', lat: 41.8927, lng: -87.62, weight: 7, streets: ['E Ohio St', 'N Michigan Ave', 'E Grand Ave', 'N St Clair St'], zips: ['60611'] },
    { name: 'Old Town', city: 'Chicago', lat: 41.911, lng: -87.637, weight: 5, streets: ['N Wells St', 'W North Ave', 'N Clark St'], zips: ['60610'] },
    { name: 'Lincoln Park', city: 'Chicago', lat: 41.9214, lng: -87.6513, weight: 9, streets: ['N Halsted St', 'N Lincoln Ave', 'W Armitage Ave', 'N Clark St'], zips: ['60614'] },
    { name: 'Lakeview', city: 'Chicago', lat: 41.9434, lng: -87.6553, weight: 7, streets: ['N Broadway', 'N Clark St', 'W Belmont Ave', 'N Southport Ave'], zips: ['60657', '60613'] },
    { name: 'Wicker Park', city: 'Chicago', lat: 41.9088, lng: -87.6796, weight: 9, streets: ['N Milwaukee Ave', 'W Division St', 'N Damen Ave', 'W North Ave'], zips: ['60622'] },
    { name: 'Bucktown', city: 'Chicago', lat: 41.9187, lng: -87.6797, weight: 5, streets: ['N Damen Ave', 'W Armitage Ave', 'N Milwaukee Ave'], zips: ['60647'] },
    { name: 'Logan Square', city: 'Chicago', lat: 41.9234, lng: -87.7083, weight: 8, streets: ['N Milwaukee Ave', 'W Fullerton Ave', 'N Kedzie Ave', 'W Diversey Ave'], zips: ['60647'] },
    { name: 'Ukrainian Village', city: 'Chicago', lat: 41.8997, lng: -87.6836, weight: 4, streets: ['W Chicago Ave', 'N Western Ave', 'W Division St'], zips: ['60622'] },
    { name: 'Pilsen', city: 'Chicago', lat: 41.856, lng: -87.6564, weight: 6, streets: ['W 18th St', 'S Halsted St', 'S Blue Island Ave'], zips: ['60608'] },
    { name: 'Chinatown', city: 'Chicago', lat: 41.8517, lng: -87.6338, weight: 5, streets: ['S Wentworth Ave', 'W Cermak Rd', 'S Archer Ave'], zips: ['60616'] },
    { name: 'South Loop', city: 'Chicago', lat: 41.8676, lng: -87.627, weight: 6, streets: ['S Michigan Ave', 'S Wabash Ave', 'W Roosevelt Rd', 'S Clark St'], zips: ['60605'] },
    { name: 'Andersonville', city: 'Chicago', lat: 41.98, lng: -87.668, weight: 3, streets: ['N Clark St', 'W Balmoral Ave', 'W Berwyn Ave'], zips: ['60640'] },
    { name: 'Hyde Park', city: 'Chicago', lat: 41.7943, lng: -87.5907, weight: 3, streets: ['E 53rd St', 'S Harper Ave', 'E 57th St'], zips: ['60615', '60637'] },
  ],
};

const sf: CityPlan = {
  key: 'sf',
  state: 'CA',
  center: { lat: 37.7749, lng: -122.4194 },
  count: 130,
  maxMiles: 6,
  jitter: 0.0025,
  neighborhoods: [
    { name: 'Mission District', city: 'San Francisco', lat: 37.7599, lng: -122.4148, weight: 14, streets: ['Valencia St', 'Mission St', '24th St', '16th St', 'Guerrero St'], zips: ['94110', '94103'] },
    { name: 'SoMa', city: 'San Francisco', lat: 37.7785, lng: -122.4056, weight: 10, streets: ['Folsom St', 'Howard St', '2nd St', 'Townsend St', 'Mission St'], zips: ['94103', '94107'] },
    { name: 'Financial District', city: 'San Francisco', lat: 37.7946, lng: -122.3999, weight: 8, streets: ['Montgomery St', 'California St', 'Sansome St', 'Battery St'], zips: ['94104', '94111'] },
    { name: 'North Beach', city: 'San Francisco', lat: 37.8061, lng: -122.4103, weight: 9, streets: ['Columbus Ave', 'Grant Ave', 'Stockton St', 'Green St'], zips: ['94133'] },
    { name: 'Chinatown', city: 'San Francisco', lat: 37.7941, lng: -122.4078, weight: 7, streets: ['Grant Ave', 'Stockton St', 'Jackson St', 'Washington St'], zips: ['94108', '94133'] },
    { name: 'Hayes Valley', city: 'San Francisco', lat: 37.7759, lng: -122.4245, weight: 8, streets: ['Hayes St', 'Octavia St', 'Gough St', 'Linden St'], zips: ['94102'] },
    { name: 'Castro', city: 'San Francisco', lat: 37.7609, lng: -122.435, weight: 5, streets: ['Castro St', 'Market St', '18th St'], zips: ['94114'] },
    { name: 'Nob Hill', city: 'San Francisco', lat: 37.793, lng: -122.4161, weight: 4, streets: ['California St', 'Polk St', 'Hyde St', 'Jones St'], zips: ['94109'] },
    { name: 'Russian Hill', city: 'San Francisco', lat: 37.8011, lng: -122.4194, weight: 4, streets: ['Polk St', 'Hyde St', 'Union St'], zips: ['94109'] },
    { name: 'Marina', city: 'San Francisco', lat: 37.8037, lng: -122.4368, weight: 6, streets: ['Chestnut St', 'Union St', 'Lombard St', 'Fillmore St'], zips: ['94123'] },
    { name: 'Pacific Heights', city: 'San Francisco', lat: 37.7925, lng: -122.4382, weight: 4, streets: ['Fillmore St', 'Sacramento St', 'California St'], zips: ['94115'] },
    { name: 'Inner Richmond', city: 'San Francisco', lat: 37.78, lng: -122.464, weight: 6, streets: ['Clement St', 'Geary Blvd', 'Balboa St'], zips: ['94118'] },
    { name: 'Inner Sunset', city: 'San Francisco', lat: 37.7602, lng: -122.4661, weight: 5, streets: ['Irving St', '9th Ave', 'Judah St'], zips: ['94122'] },
    { name: 'Haight-Ashbury', city: 'San Francisco', lat: 37.7692, lng: -122.4481, weight: 4, streets: ['Haight St', 'Divisadero St', 'Cole St'], zips: ['94117'] },
    { name: 'Dogpatch', city: 'San Francisco', lat: 37.758, lng: -122.388, weight: 4, streets: ['3rd St', '22nd St', 'Tennessee St'], zips: ['94107'] },
    { name: 'Potrero Hill', city: 'San Francisco', lat: 37.7605, lng: -122.4009, weight: 3, streets: ['18th St', 'Connecticut St', '20th St'], zips: ['94107'] },
    { name: 'Japantown', city: 'San Francisco', lat: 37.7854, lng: -122.4294, weight: 4, streets: ['Post St', 'Buchanan St', 'Geary Blvd'], zips: ['94115'] },
    { name: 'Embarcadero', city: 'San Francisco', lat: 37.7955, lng: -122.3937, weight: 4, streets: ['The Embarcadero', 'Steuart St', 'Spear St'], zips: ['94105', '94111'] },
    { name: 'Noe Valley', city: 'San Francisco', lat: 37.7502, lng: -122.4337, weight: 4, streets: ['24th St', 'Church St', 'Castro St'], zips: ['94114'] },
    { name: 'Tenderloin', city: 'San Francisco', lat: 37.7847, lng: -122.4141, weight: 3, streets: ['Larkin St', 'Polk St', 'Eddy St'], zips: ['94102', '94109'] },
  ],
};

export const CITY_PLANS: readonly CityPlan[] = [nyc, chicago, sf];
