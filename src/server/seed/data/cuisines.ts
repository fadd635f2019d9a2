// The demo cuisines with what makes a merchant of each believable: how common it is, what it costs,
// which cuisines it pairs with, which meals it serves, how restaurants of it are named and what
// they cook (for descriptions).

export const CUISINES = [
  'American', 'Italian', 'Pizza', 'Japanese', 'Sushi', 'Ramen', 'Chinese', 'Dim Sum', 'Thai',
  'Vietnamese', 'Korean', 'Indian', 'Mexican', 'Latin American', 'French', 'Spanish',
  'Mediterranean', 'Greek', 'Middle Eastern', 'Seafood', 'Steakhouse', 'Burgers', 'BBQ',
  'Vegetarian', 'Café', 'Bakery',
] as const;
export type Cuisine = (typeof CUISINES)[number];

export type Meal = 'breakfast' | 'brunch' | 'lunch' | 'dinner' | 'lateNight';

export interface CuisineProfile {
  /** Relative frequency among merchants. */
  weight: number;
  /** Typical price level 1-4. */
  price: number;
  /** Cuisines a restaurant of this kind is often also listed under. */
  pairs: readonly Cuisine[];
  meals: readonly Meal[];
  /** Chance of late-night service. */
  lateNight: number;
  /** Whole names and name stems in the cuisine's idiom. */
  words: readonly string[];
  /** "{w}" is replaced by a word (or a surname for "{s}"). */
  patterns: readonly string[];
  dishes: readonly string[];
}

const SURNAMES = ['Rosa', 'Carmen', 'Lou', 'Gus', 'Sal', 'Frankie', 'Nina', 'Mae', 'Ruby', 'Otto', 'Hattie', 'Teddy', 'Marco', 'Elena', 'Benny', 'Vinnie', 'Dolly', 'Walt', 'June', 'Augie'];
export const NAME_SURNAMES: readonly string[] = SURNAMES;

export const GENERIC_ADJECTIVES = ['Little', 'Golden', 'Blue', 'Copper', 'Silver', 'Red', 'Wild', 'Humble', 'Hungry', 'Crooked', 'Lucky', 'Velvet', 'Bright', 'Quiet', 'Salty', 'Brass'];
export const GENERIC_NOUNS = ['Fox', 'Hen', 'Owl', 'Pig', 'Goat', 'Rabbit', 'Oak', 'Lantern', 'Spoon', 'Fork', 'Table', 'Kettle', 'Pearl', 'Sparrow', 'Heron', 'Barrel', 'Door', 'Bee'];

export const CUISINE_PROFILES: Readonly<Record<Cuisine, CuisineProfile>> = {
  American: {
    weight: 10, price: 2, pairs: ['Burgers', 'Seafood', 'BBQ', 'Steakhouse'], meals: ['brunch', 'lunch', 'dinner'], lateNight: 0.25,
    words: ['Union', 'Foundry', 'Commons', 'Larder', 'Parlor', 'Ironworks', 'Gaslight', 'Lamplighter', 'Clover', 'Hearth', 'Blue Door', 'Red Hen', 'Fieldhouse', 'Main Street', 'Juniper', 'Hollis'],
    patterns: ['The {w}', '{w} Tavern', '{w} Kitchen', '{w} Diner', "{s}'s", 'The {a} {n}', '{n} & {n}', '{w} Grill', '{w} Social'],
    dishes: ['buttermilk fried chicken', 'a dry-aged burger', 'wood-grilled pork chops', 'mac and cheese', 'seasonal salads', 'deviled eggs', 'apple pie à la mode', 'crab cakes'],
  },
  Italian: {
    weight: 10, price: 3, pairs: ['Pizza', 'Mediterranean'], meals: ['lunch', 'dinner'], lateNight: 0.1,
    words: ['Lupa', 'Rosella', 'Vento', 'Sorella', 'Amalfi', 'Fiorella', 'Campagna', 'Piccolo', 'Nonna', 'Aria', 'Basilico', 'Cielo', 'Lucca', 'Marzano', 'Oliva', 'Rosmarino', 'Siena', 'Terra', 'Vespa', 'Zucca', 'Alba', 'Bellini'],
    patterns: ['{w}', 'Trattoria {w}', 'Osteria {w}', '{w} Cucina', 'Enoteca {w}', '{w} Pasta Bar', "{s}'s Trattoria", 'Bar {w}'],
    dishes: ['hand-rolled pasta', 'cacio e pepe', 'burrata with heirloom tomatoes', 'osso buco', 'tiramisu', 'wood-fired branzino', 'rigatoni alla vodka', 'arancini'],
  },
  Pizza: {
    weight: 7, price: 1, pairs: ['Italian'], meals: ['lunch', 'dinner'], lateNight: 0.5,
    words: ['Brick Oven', 'Coal Fire', 'Napoli', 'Forno', 'Corner', 'Sunday Sauce', 'Crust', 'Mozz', 'Vesuvio', 'Upper Crust', 'Slice Society'],
    patterns: ['{w} Pizza', "{s}'s Pizza", 'Pizzeria {w}', '{w} Slice Shop', "{s}'s Pizzeria", '{w} Pizza Co.'],
    dishes: ['Neapolitan pies', 'grandma squares', 'garlic knots', 'a spicy soppressata pie', 'classic cheese slices', 'white clam pizza'],
  },
  Japanese: {
    weight: 6, price: 3, pairs: ['Sushi', 'Ramen'], meals: ['lunch', 'dinner'], lateNight: 0.2,
    words: ['Hana', 'Kaze', 'Sora', 'Yuki', 'Kumo', 'Tsuki', 'Momo', 'Kiku', 'Nami', 'Hoshi', 'Ume', 'Matsu', 'Koi', 'Aoi', 'Shiro', 'Kuro'],
    patterns: ['{w}', 'Izakaya {w}', 'Kappo {w}', '{w} Kitchen', 'Yakitori {w}', '{w} Robata'],
    dishes: ['robata-grilled skewers', 'chicken karaage', 'miso black cod', 'agedashi tofu', 'seasonal omakase', 'matcha soft serve'],
  },
  Sushi: {
    weight: 6, price: 3, pairs: ['Japanese'], meals: ['lunch', 'dinner'], lateNight: 0.1,
    words: ['Hana', 'Sora', 'Yuki', 'Tsuki', 'Kiku', 'Nami', 'Hoshi', 'Umi', 'Sakana', 'Shiro', 'Kin', 'Tora'],
    patterns: ['Sushi {w}', '{w} Sushi', '{w} Omakase', 'Sushi Bar {w}', '{w} Hand Roll Bar'],
    dishes: ['an omakase counter', 'toro hand rolls', 'chirashi bowls', 'uni on crispy rice', 'yellowtail sashimi'],
  },
  Ramen: {
    weight: 4, price: 1, pairs: ['Japanese'], meals: ['lunch', 'dinner'], lateNight: 0.55,
    words: ['Kaze', 'Momo', 'Hoshi', 'Koi', 'Ichi', 'Tonkotsu', 'Menya', 'Shoyu', 'Yume', 'Daruma'],
    patterns: ['{w} Ramen', 'Ramen {w}', '{w} Noodle Bar', 'Menya {w}'],
    dishes: ['rich tonkotsu ramen', 'spicy miso ramen', 'pork buns', 'gyoza', 'tsukemen dipping noodles'],
  },
  Chinese: {
    weight: 6, price: 2, pairs: ['Dim Sum'], meals: ['lunch', 'dinner'], lateNight: 0.3,
    words: ['Golden Lotus', 'Jade Garden', 'Red Lantern', 'Peony', 'Bamboo', 'Silk Road', 'Phoenix', 'Mandarin', 'Great Wall', 'Sichuan', 'Hunan', 'Lucky Star', 'Dragon Gate'],
    patterns: ['{w}', '{w} Kitchen', '{w} Noodle House', '{w} Garden', '{w} Palace', '{w} House'],
    dishes: ['hand-pulled noodles', 'mapo tofu', 'Peking duck', 'dan dan noodles', 'salt and pepper shrimp', 'soup dumplings'],
  },
  'Dim Sum': {
    weight: 3, price: 2, pairs: ['Chinese'], meals: ['brunch', 'lunch', 'dinner'], lateNight: 0.05,
    words: ['Golden Lotus', 'Jade', 'Pearl River', 'Jin', 'Lucky', 'Canton', 'Harmony', 'Red Peony'],
    patterns: ['{w} Dim Sum', '{w} Tea House', '{w} Dumpling House', '{w} Dim Sum Parlor'],
    dishes: ['har gow', 'siu mai', 'barbecue pork buns', 'egg tarts', 'turnip cakes', 'soup dumplings'],
  },
  Thai: {
    weight: 5, price: 2, pairs: ['Vegetarian'], meals: ['lunch', 'dinner'], lateNight: 0.15,
    words: ['Siam', 'Baan', 'Krua', 'Lanna', 'Chiang Mai', 'Sabai', 'Jasmine', 'Thai Basil', 'Som', 'Ayutthaya', 'Isan', 'Tuk Tuk'],
    patterns: ['{w}', '{w} Thai Kitchen', '{w} Thai', 'Baan {w}', '{w} Street Kitchen'],
    dishes: ['khao soi', 'green papaya salad', 'pad see ew', 'massaman curry', 'crispy pork belly', 'mango sticky rice'],
  },
  Vietnamese: {
    weight: 4, price: 1, pairs: ['Vegetarian'], meals: ['lunch', 'dinner'], lateNight: 0.1,
    words: ['Saigon', 'Hanoi', 'Lotus', 'Hue', 'Mekong', 'Little Saigon', 'Ha Long', 'Hoi An', 'Bamboo'],
    patterns: ['Pho {w}', '{w} Kitchen', '{w} Noodle Bar', '{w} Banh Mi', '{w}'],
    dishes: ['beef pho', 'banh mi', 'fresh summer rolls', 'bun cha', 'lemongrass chicken', 'Vietnamese iced coffee'],
  },
  Korean: {
    weight: 4, price: 2, pairs: ['BBQ'], meals: ['lunch', 'dinner'], lateNight: 0.5,
    words: ['Seoul', 'Han River', 'Bapsang', 'Jang', 'Mapo', 'Insadong', 'Hansik', 'Gangnam', 'Namsan', 'Busan'],
    patterns: ['{w}', '{w} BBQ', '{w} Pocha', '{w} Tofu House', '{w} Kitchen'],
    dishes: ['tabletop galbi', 'kimchi jjigae', 'bibimbap in a stone bowl', 'Korean fried chicken', 'seafood pancakes'],
  },
  Indian: {
    weight: 5, price: 2, pairs: ['Vegetarian'], meals: ['lunch', 'dinner'], lateNight: 0.1,
    words: ['Tandoor', 'Masala', 'Saffron', 'Spice Route', 'Bombay', 'Delhi', 'Chutney', 'Tamarind', 'Mint Leaf', 'Kerala', 'Jaipur', 'Punjab'],
    patterns: ['{w}', '{w} Kitchen', '{w} House', '{w} Grill', '{w} Curry House'],
    dishes: ['butter chicken', 'lamb vindaloo', 'garlic naan from the tandoor', 'chana masala', 'dosas', 'saag paneer'],
  },
  Mexican: {
    weight: 7, price: 2, pairs: ['Latin American'], meals: ['brunch', 'lunch', 'dinner'], lateNight: 0.3,
    words: ['Agave', 'Mezcal', 'Jalisco', 'Oaxaca', 'Tulum', 'La Palma', 'El Toro', 'Frida', 'Los Altos', 'Cielito', 'Maíz', 'Nopal', 'Tamarindo', 'Xochi'],
    patterns: ['{w}', 'Taqueria {w}', 'Casa {w}', '{w} Cantina', '{w} Cocina', 'Tacos {w}'],
    dishes: ['al pastor tacos', 'mole negro', 'fresh guacamole', 'carnitas', 'elote', 'mezcal margaritas'],
  },
  'Latin American': {
    weight: 3, price: 2, pairs: ['Mexican', 'Seafood'], meals: ['brunch', 'lunch', 'dinner'], lateNight: 0.2,
    words: ['Lima', 'Cusco', 'Pampa', 'Andes', 'Havana', 'Caracas', 'Cartagena', 'Samba', 'Bahia', 'Medellín'],
    patterns: ['{w}', '{w} Cocina', '{w} Grill', '{w} Rotisserie', '{w} Kitchen'],
    dishes: ['ceviche', 'arepas', 'pollo a la brasa', 'empanadas', 'lomo saltado', 'tres leches cake'],
  },
  French: {
    weight: 5, price: 3, pairs: ['Bakery', 'Café'], meals: ['brunch', 'lunch', 'dinner'], lateNight: 0.15,
    words: ['Colette', 'Margot', 'Lumière', 'Bouchon', 'Rivière', 'Marais', 'Provence', 'Lyon', 'Odette', 'Papillon', 'Amélie', 'Bernadette'],
    patterns: ['Le {w}', 'Chez {w}', 'Bistro {w}', 'Brasserie {w}', 'Café {w}', '{w}'],
    dishes: ['steak frites', 'French onion soup', 'duck confit', 'moules marinières', 'crème brûlée', 'escargots in garlic butter'],
  },
  Spanish: {
    weight: 3, price: 3, pairs: ['Mediterranean', 'Seafood'], meals: ['lunch', 'dinner'], lateNight: 0.3,
    words: ['Sevilla', 'Toledo', 'Txoko', 'Mercado', 'Pimentón', 'Granada', 'Rioja', 'Cádiz', 'Salamanca', 'Ibiza'],
    patterns: ['{w}', 'Bar {w}', 'Bodega {w}', 'Taberna {w}', '{w} Tapas', 'Casa {w}'],
    dishes: ['seafood paella', 'jamón ibérico', 'patatas bravas', 'gambas al ajillo', 'pintxos', 'churros with chocolate'],
  },
  Mediterranean: {
    weight: 5, price: 2, pairs: ['Greek', 'Middle Eastern', 'Vegetarian'], meals: ['brunch', 'lunch', 'dinner'], lateNight: 0.1,
    words: ['Olive & Fig', 'Aegean', 'Levant', 'Riviera', 'Azure', 'Meze', 'Thyme', 'Cyprus', 'Sea Salt', 'Cypress'],
    patterns: ['{w}', '{w} Kitchen', '{w} Table', '{w} Grill', '{w} Taverna'],
    dishes: ['grilled octopus', 'mezze platters', 'lamb kebabs', 'whole roasted fish', 'charred flatbreads', 'labneh with za’atar'],
  },
  Greek: {
    weight: 3, price: 2, pairs: ['Mediterranean', 'Seafood'], meals: ['lunch', 'dinner'], lateNight: 0.1,
    words: ['Mykonos', 'Santorini', 'Kalimera', 'Elia', 'Kefi', 'Thalassa', 'Ouzo', 'Naxos', 'Paros', 'Agora'],
    patterns: ['{w}', 'Taverna {w}', '{w} Estiatorio', '{w} Grill', "Yia Yia's {w}"],
    dishes: ['spanakopita', 'lamb souvlaki', 'grilled halloumi', 'horiatiki salad', 'moussaka', 'loukoumades'],
  },
  'Middle Eastern': {
    weight: 4, price: 2, pairs: ['Mediterranean', 'Vegetarian'], meals: ['lunch', 'dinner'], lateNight: 0.25,
    words: ["Za'atar", 'Sumac', 'Pomegranate', 'Cedar', 'Beirut', 'Shuk', 'Tahini', 'Aleppo', 'Sahara', 'Baba', 'Levantine'],
    patterns: ['{w}', '{w} Grill', '{w} Kitchen', '{w} House', 'Falafel {w}'],
    dishes: ['silky hummus', 'chicken shawarma', 'falafel', 'lamb kofta', 'fattoush', 'baklava'],
  },
  Seafood: {
    weight: 5, price: 3, pairs: ['American'], meals: ['lunch', 'dinner'], lateNight: 0.1,
    words: ['Anchor', 'Tide', 'Pier', 'Driftwood', 'Saltwater', 'Mussel', 'Lighthouse', 'Shoreline', 'Low Tide', 'Oyster'],
    patterns: ['{w} Oyster Bar', '{w} Fish House', 'The {w}', '{w} Seafood', '{w} Lobster Shack', "{s}'s Clam Bar"],
    dishes: ['raw bar oysters', 'lobster rolls', 'fish and chips', 'clam chowder', 'grilled swordfish', 'crudo'],
  },
  Steakhouse: {
    weight: 3, price: 4, pairs: ['American', 'Seafood'], meals: ['dinner'], lateNight: 0.1,
    words: ['Prime', 'Ember', 'Iron', 'Butcher', 'Gaucho', 'Tomahawk', 'Cast Iron', 'Blackstone', 'Cattleman', 'Sterling'],
    patterns: ['{w} Steakhouse', '{w} Chophouse', "{s}'s Steakhouse", 'The {w} Room', '{w} & Oak'],
    dishes: ['dry-aged porterhouse', 'creamed spinach', 'a classic wedge salad', 'bone-in ribeye', 'shrimp cocktail'],
  },
  Burgers: {
    weight: 5, price: 1, pairs: ['American'], meals: ['lunch', 'dinner'], lateNight: 0.45,
    words: ['Smash', 'Patty', 'Double Stack', 'Stackhouse', 'Griddle', 'Bun & Done', 'Flat Top', 'Shake Shed'],
    patterns: ['{w} Burgers', '{w} Burger Co.', "{s}'s Burgers", '{w}', '{w} Burger Bar'],
    dishes: ['smashed double cheeseburgers', 'hand-cut fries', 'thick shakes', 'crispy chicken sandwiches', 'onion rings'],
  },
  BBQ: {
    weight: 3, price: 2, pairs: ['American'], meals: ['lunch', 'dinner'], lateNight: 0.15,
    words: ['Hickory', 'Brisket', 'Low & Slow', 'Smoke', 'Mesquite', 'Burnt Ends', 'Pitmaster', 'Post Oak', 'Red Oak'],
    patterns: ['{w} Smokehouse', '{w} BBQ', "{s}'s BBQ", '{w} Pit', '{w} Barbecue'],
    dishes: ['prime brisket', 'St. Louis ribs', 'burnt ends', 'pulled pork', 'smoked wings', 'banana pudding'],
  },
  Vegetarian: {
    weight: 3, price: 2, pairs: ['Café', 'Mediterranean'], meals: ['breakfast', 'brunch', 'lunch', 'dinner'], lateNight: 0.05,
    words: ['Sprout', 'Greenhouse', 'Root', 'Harvest', 'Leaf', 'Fennel', 'Beet', 'Garden', 'Wildflower', 'Seedling'],
    patterns: ['{w}', '{w} Kitchen', '{w} Table', '{w} Bowl', 'The {w}'],
    dishes: ['grain bowls', 'roasted cauliflower', 'seasonal vegetable plates', 'jackfruit tacos', 'cold-pressed juices'],
  },
  'Café': {
    weight: 5, price: 1, pairs: ['Bakery', 'American'], meals: ['breakfast', 'brunch', 'lunch'], lateNight: 0,
    words: ['Bluebird', 'Daybreak', 'Morning Glory', 'Copper Kettle', 'Sunny Side', 'Little Owl', 'Honeybee', 'Lantern', 'Maple', 'Marigold', 'Sparrow'],
    patterns: ['{w} Café', '{w} Coffee', 'Café {w}', 'The {w}', '{w} Coffee House'],
    dishes: ['single-origin pour-overs', 'avocado toast', 'ricotta pancakes', 'breakfast sandwiches', 'seasonal pastries'],
  },
  Bakery: {
    weight: 3, price: 1, pairs: ['Café', 'French'], meals: ['breakfast', 'brunch', 'lunch'], lateNight: 0,
    words: ['Flour', 'Crumb', 'Rye', 'Butter', 'Sugar', 'Golden Crust', 'Levain', 'Brioche', 'Sourdough', 'Sweet Loaf'],
    patterns: ['{w} Bakery', '{w} Bread Co.', 'Boulangerie {w}', '{w} & Co. Bakery', '{w} Bakeshop'],
    dishes: ['naturally leavened sourdough', 'butter croissants', 'morning buns', 'sticky cinnamon rolls', 'fruit galettes'],
  },
};

/** How a cuisine reads inside a sentence ("a lively ramen spot"). */
export const CUISINE_ADJECTIVE: Readonly<Record<Cuisine, string>> = {
  American: 'American', Italian: 'Italian', Pizza: 'pizza', Japanese: 'Japanese', Sushi: 'sushi', Ramen: 'ramen',
  Chinese: 'Chinese', 'Dim Sum': 'dim sum', Thai: 'Thai', Vietnamese: 'Vietnamese', Korean: 'Korean', Indian: 'Indian',
  Mexican: 'Mexican', 'Latin American': 'Latin American', French: 'French', Spanish: 'Spanish',
  Mediterranean: 'Mediterranean', Greek: 'Greek', 'Middle Eastern': 'Middle Eastern', Seafood: 'seafood',
  Steakhouse: 'steak', Burgers: 'burger', BBQ: 'barbecue', Vegetarian: 'vegetarian', 'Café': 'café', Bakery: 'bakery',
};

export const DESCRIPTION_OPENERS = [
  'A lively {cuisine} spot in {neighborhood}',
  'A neighborhood favorite in {neighborhood}',
  'A relaxed {cuisine} kitchen in {neighborhood}',
  'A buzzy corner spot in {neighborhood}',
  'A bright, welcoming {cuisine} room in {neighborhood}',
  'A cozy {neighborhood} hideaway',
];

export const DESCRIPTION_CLOSERS = [
  'Walk-ins welcome at the bar.',
  'Reservations recommended on weekends.',
  'Ask about the seasonal specials.',
  'Great for groups and celebrations.',
  'Plenty of vegetarian options.',
  '',
];
