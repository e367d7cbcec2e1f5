//! The tables' text: the shipped tables, embedded in the build so that the game stays one
//! binary and the browser needs no files, and the four texts one loading reads.

/// The shipped tables.
pub const BESTIARY_SOURCE: &str = include_str!("../../../../content/bestiary.ron");
pub const ITEMS_SOURCE: &str = include_str!("../../../../content/items.ron");
pub const BOLTS_SOURCE: &str = include_str!("../../../../content/bolts.ron");
pub const GROUND_SOURCE: &str = include_str!("../../../../content/ground.ron");
pub const LIGHTS_SOURCE: &str = include_str!("../../../../content/lights.ron");
pub const GASES_SOURCE: &str = include_str!("../../../../content/gases.ron");
pub const FEATURES_SOURCE: &str = include_str!("../../../../content/features.ron");
pub const MACHINES_SOURCE: &str = include_str!("../../../../content/machines.ron");

/// The text of each table, as read: the shipped tables are [`Sources::SHIPPED`], and a test or
/// a doc's example swaps one of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sources<'a> {
    pub bestiary: &'a str,
    pub items: &'a str,
    pub bolts: &'a str,
    pub ground: &'a str,
    pub lights: &'a str,
    pub gases: &'a str,
    pub features: &'a str,
    pub machines: &'a str,
}

impl<'a> Sources<'a> {
    pub const SHIPPED: Sources<'static> = Sources {
        bestiary: BESTIARY_SOURCE,
        items: ITEMS_SOURCE,
        bolts: BOLTS_SOURCE,
        ground: GROUND_SOURCE,
        lights: LIGHTS_SOURCE,
        gases: GASES_SOURCE,
        features: FEATURES_SOURCE,
        machines: MACHINES_SOURCE,
    };

    pub fn with_bestiary<'b>(self, bestiary: &'b str) -> Sources<'b>
    where
        'a: 'b,
    {
        Sources { bestiary, ..self }
    }

    pub fn with_items<'b>(self, items: &'b str) -> Sources<'b>
    where
        'a: 'b,
    {
        Sources { items, ..self }
    }

    pub fn with_bolts<'b>(self, bolts: &'b str) -> Sources<'b>
    where
        'a: 'b,
    {
        Sources { bolts, ..self }
    }

    pub fn with_ground<'b>(self, ground: &'b str) -> Sources<'b>
    where
        'a: 'b,
    {
        Sources { ground, ..self }
    }

    pub fn with_lights<'b>(self, lights: &'b str) -> Sources<'b>
    where
        'a: 'b,
    {
        Sources { lights, ..self }
    }

    pub fn with_gases<'b>(self, gases: &'b str) -> Sources<'b>
    where
        'a: 'b,
    {
        Sources { gases, ..self }
    }

    pub fn with_features<'b>(self, features: &'b str) -> Sources<'b>
    where
        'a: 'b,
    {
        Sources { features, ..self }
    }

    pub fn with_machines<'b>(self, machines: &'b str) -> Sources<'b>
    where
        'a: 'b,
    {
        Sources { machines, ..self }
    }
}
