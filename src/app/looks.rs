//! The app's half of the content tables: how each monster and item kind is drawn and named, read
//! from the `look` of the same entry whose `rules` the rules read (`content/*.ron`).

use std::sync::LazyLock;

use chargrid::core::Rgba32;
use serde::Deserialize;
use serde::de::IgnoredAny;
use umbra_rules::game::{
    BoltKind, ContentError, FeatureKind, GasKind, Ground, ItemClass, ItemKind, ItemUse, LightKind,
    MachineKind, NpcKind, Problem, Sources, parse_table,
};

/// Glyphs the map draws for things that are not kinds: no monster or item may take one (nor a
/// kind of ground's).
const RESERVED_GLYPHS: [char; 2] = ['@', '%'];

#[derive(Debug, Deserialize)]
struct LookFile<L, R> {
    kinds: Vec<LookEntry<L, R>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LookEntry<L, R> {
    name: String,
    rules: R,
    look: L,
}

/// What the looks need of an item's rules: whether its kind looks like others of its class.
#[derive(Debug, Deserialize)]
struct ItemUseOnly {
    #[serde(rename = "use")]
    use_: ItemUse<String>,
}

/// How a monster kind is drawn and named.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NpcLook {
    pub glyph: char,
    pub colour: (u8, u8, u8),
    pub article: String,
    pub plural: String,
    /// One line for the look cursor.
    pub description: String,
}

/// How an item kind (or a bolt) is drawn and named.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemLook {
    pub glyph: char,
    pub colour: (u8, u8, u8),
    pub article: String,
    pub plural: String,
    pub description: String,
    /// A bolt's verb for a blow that lands ("strikes", "burns"); "hits" where a row has none.
    #[serde(default)]
    pub strikes: Option<String>,
    /// One of it in a sentence, where its name after its article reads wrong: the row
    /// "ogre lightning" is "a bolt of lightning" ("The ogre shaman shoots a bolt of lightning.").
    #[serde(default)]
    pub one: Option<String>,
}

/// How a kind of ground is drawn and named (`content/ground.ron` says each field's meaning).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroundLook {
    pub glyph: char,
    pub colour: (u8, u8, u8),
    /// Behind the glyph; the map's black if none.
    #[serde(default)]
    pub background: Option<(u8, u8, u8)>,
    /// Remembered out of view, it is drawn on the remembered wall's ground rather than its
    /// own, so the level's shape reads in memory.
    #[serde(default)]
    pub solid_in_memory: bool,
    /// What lies or stands on it is drawn on its background (an altar's glow, a cage's bars).
    #[serde(default)]
    pub shows_under: bool,
    /// How the debugging eye (`--debug-omniscient`) draws a kind hidden from the player.
    #[serde(default)]
    pub revealed: Option<Revealed>,
    /// The look cursor's words for it.
    pub description: String,
    /// The words after an item lying on it ("a dagger on an altar (take one ...)").
    #[serde(default)]
    pub lying_on: Option<String>,
}

/// How a kind of light tints what it lights (`content/lights.ron`).
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LightLook {
    pub colour: (u8, u8, u8),
    /// How much it flickers, in a hundred of its brightness (cosmetic only).
    pub flicker: u32,
}

impl LightLook {
    pub fn colour(&self) -> Rgba32 {
        rgba(self.colour)
    }
}

/// How a gas is drawn and named: the colour it tints the cells it fills, and its words.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GasLook {
    pub colour: (u8, u8, u8),
    pub description: String,
}

/// What the player reads when a dungeon feature goes off (`content/features.ron`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FeatureLook {
    pub message: String,
}

impl GasLook {
    pub fn colour(&self) -> Rgba32 {
        rgba(self.colour)
    }
}

/// A machine's words (`content/machines.ron`): its name, and what the player reads when it
/// first goes off (or, for a lair, a set piece or a shrine, is first seen).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MachineLook {
    pub description: String,
    pub message: String,
    /// Told when it is first set off, where that is not `message` (a shrine, told `message`
    /// on first sight, then this when its dais is stepped onto).
    #[serde(default)]
    pub set_off: Option<String>,
}

/// A hidden kind as the debugging eye draws it.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Revealed {
    pub glyph: char,
    pub colour: (u8, u8, u8),
}

impl GroundLook {
    pub fn colour(&self) -> Rgba32 {
        rgba(self.colour)
    }

    /// Behind the glyph, if not the map's black.
    pub fn background(&self) -> Option<Rgba32> {
        self.background.map(rgba)
    }
}

fn rgba((r, g, b): (u8, u8, u8)) -> Rgba32 {
    Rgba32::new_rgb(r, g, b)
}

/// A kind's name and its look.
#[derive(Debug, Clone)]
pub struct Named<L> {
    pub name: String,
    pub look: L,
    /// For items: the class, whose kinds may share a glyph when they look alike.
    pub class: Option<ItemClass>,
}

/// What every look has: how the name takes its article and its plural, and its colour.
pub trait Look {
    fn article(&self) -> &str;
    /// One of it in words, where the name after the article will not do.
    fn one(&self) -> Option<&str> {
        None
    }
    fn plural(&self) -> &str;
    fn rgb(&self) -> (u8, u8, u8);
}

impl Look for NpcLook {
    fn article(&self) -> &str {
        &self.article
    }

    fn plural(&self) -> &str {
        &self.plural
    }

    fn rgb(&self) -> (u8, u8, u8) {
        self.colour
    }
}

impl Look for ItemLook {
    fn article(&self) -> &str {
        &self.article
    }

    fn one(&self) -> Option<&str> {
        self.one.as_deref()
    }

    fn plural(&self) -> &str {
        &self.plural
    }

    fn rgb(&self) -> (u8, u8, u8) {
        self.colour
    }
}

impl<L: Look> Named<L> {
    /// The name with its article: "an orc", "the Sunstone".
    pub fn a(&self) -> String {
        match self.look.one() {
            Some(one) => one.to_string(),
            None => format!("{} {}", self.look.article(), self.name),
        }
    }

    /// "an orc" for one, "3 orcs" for more.
    pub fn counted(&self, count: u32) -> String {
        match count {
            1 => self.a(),
            n => format!("{n} {}", self.look.plural()),
        }
    }

    pub fn colour(&self) -> Rgba32 {
        rgba(self.look.rgb())
    }
}

/// Every kind's look, in table order (the rules' numbering).
#[derive(Debug, Clone)]
pub struct Looks {
    pub npcs: Vec<Named<NpcLook>>,
    pub items: Vec<Named<ItemLook>>,
    pub bolts: Vec<Named<ItemLook>>,
    pub grounds: Vec<Named<GroundLook>>,
    pub lights: Vec<Named<LightLook>>,
    pub gases: Vec<Named<GasLook>>,
    pub features: Vec<Named<FeatureLook>>,
    pub machines: Vec<Named<MachineLook>>,
}

static LOOKS: LazyLock<Result<Looks, ContentError>> =
    LazyLock::new(|| Looks::load(Sources::SHIPPED));

fn looks() -> &'static Looks {
    match &*LOOKS {
        Ok(looks) => looks,
        Err(error) => panic!("the shipped content tables are broken: {error}"),
    }
}

/// Whether the shipped tables' looks are sound; asked when the game starts, with the rules' own
/// check, so broken tables end the program in one line rather than mid-game.
pub fn check() -> Result<(), &'static ContentError> {
    LOOKS.as_ref().map(|_| ())
}

/// Whether the shipped content tables are sound, both the rules' half and the looks: a
/// frontend asks before anything else, so broken tables end the program in one line naming the
/// table, the entry and the field, never in a panic mid-game.
pub fn check_content() -> Result<(), String> {
    let failed = umbra_rules::game::check_content().err().or(check().err());
    match failed {
        Some(error) => Err(format!("the game's content tables are broken: {error}")),
        None => Ok(()),
    }
}

/// The item that wins the run, with its article: "the Sunstone".
pub fn prize() -> String {
    item(ItemKind::prize()).a()
}

pub fn npc(kind: NpcKind) -> &'static Named<NpcLook> {
    &looks().npcs[kind.index()]
}

pub fn item(kind: ItemKind) -> &'static Named<ItemLook> {
    &looks().items[kind.index()]
}

pub fn bolt(kind: BoltKind) -> &'static Named<ItemLook> {
    &looks().bolts[kind.index()]
}

pub fn ground(kind: Ground) -> &'static GroundLook {
    &looks().grounds[kind.index()].look
}

/// A kind of ground's name without the hint in brackets its description may end with ("a
/// caustic trap", not "a caustic trap (a vent of …)").
pub fn ground_name(kind: Ground) -> &'static str {
    let description = &ground(kind).description;
    description.split(" (").next().unwrap_or(description)
}

pub fn light(kind: LightKind) -> &'static LightLook {
    &looks().lights[kind.index()].look
}

pub fn gas(kind: GasKind) -> &'static Named<GasLook> {
    &looks().gases[kind.index()]
}

pub fn feature(kind: FeatureKind) -> &'static FeatureLook {
    &looks().features[kind.index()].look
}

pub fn machine(kind: MachineKind) -> &'static MachineLook {
    &looks().machines[kind.index()].look
}

impl Looks {
    /// The tables' looks from their text, checked: every monster and item drawn with a glyph
    /// of its own (bolts are drawn only in flight, over the map, and may share one; kinds of
    /// ground may share one, as wall and cage do, but not with a monster or an item).
    pub fn load(sources: Sources) -> Result<Self, ContentError> {
        let npcs: LookFile<NpcLook, IgnoredAny> = parse_table("bestiary", sources.bestiary)?;
        let items: LookFile<ItemLook, ItemUseOnly> = parse_table("items", sources.items)?;
        let bolts: LookFile<ItemLook, IgnoredAny> = parse_table("bolts", sources.bolts)?;
        let grounds: LookFile<GroundLook, IgnoredAny> = parse_table("ground", sources.ground)?;
        let lights: LookFile<LightLook, IgnoredAny> = parse_table("lights", sources.lights)?;
        let gases: LookFile<GasLook, IgnoredAny> = parse_table("gases", sources.gases)?;
        let features: LookFile<FeatureLook, IgnoredAny> =
            parse_table("features", sources.features)?;
        let machines: LookFile<MachineLook, IgnoredAny> =
            parse_table("machines", sources.machines)?;
        let looks = Self {
            features: features.kinds.into_iter().map(|e| named(e, None)).collect(),
            machines: machines.kinds.into_iter().map(|e| named(e, None)).collect(),
            gases: gases.kinds.into_iter().map(|e| named(e, None)).collect(),
            lights: lights.kinds.into_iter().map(|e| named(e, None)).collect(),
            grounds: grounds.kinds.into_iter().map(|e| named(e, None)).collect(),
            bolts: bolts.kinds.into_iter().map(|e| named(e, None)).collect(),
            npcs: npcs.kinds.into_iter().map(|e| named(e, None)).collect(),
            items: (items.kinds.into_iter())
                .map(|e| {
                    let class = e.rules.use_.class();
                    named(e, Some(class))
                })
                .collect(),
        };
        looks.check_glyphs()?;
        Ok(looks)
    }

    fn check_glyphs(&self) -> Result<(), ContentError> {
        let glyphs: Vec<(&'static str, &str, char, Option<ItemClass>)> = self
            .npcs
            .iter()
            .map(|n| ("bestiary", n.name.as_str(), n.look.glyph, None))
            .chain(
                self.items
                    .iter()
                    .map(|i| ("items", i.name.as_str(), i.look.glyph, i.class)),
            )
            .collect();
        // Kinds of one class may share a glyph: potions, scrolls, staffs, wands and rings look
        // alike until known, and a weapon is a weapon at a glance (its colour and name tell
        // which).
        let alike = |a: Option<ItemClass>, b: Option<ItemClass>| a == b && a.is_some();
        for (i, &(table, name, glyph, class)) in glyphs.iter().enumerate() {
            let entry = Some(name.to_string());
            let the_grounds = self.grounds.iter().any(|g| g.look.glyph == glyph);
            if RESERVED_GLYPHS.contains(&glyph) || the_grounds || glyph.is_whitespace() {
                return Err(ContentError {
                    table,
                    entry,
                    problem: Problem::Field {
                        field: "glyph",
                        reason: format!("'{glyph}' is the map's own or the ground's"),
                    },
                });
            }
            let shared = glyphs[..i]
                .iter()
                .find(|g| g.2 == glyph && !alike(g.3, class));
            if let Some(&(_, other, _, _)) = shared {
                return Err(ContentError {
                    table,
                    entry,
                    problem: Problem::Shared {
                        field: "glyph",
                        other: other.to_string(),
                    },
                });
            }
        }
        Ok(())
    }
}

fn named<L, R>(entry: LookEntry<L, R>, class: Option<ItemClass>) -> Named<L> {
    Named {
        name: entry.name,
        look: entry.look,
        class,
    }
}
