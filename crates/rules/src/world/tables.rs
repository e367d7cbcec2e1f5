//! The world's two tables, as the grid crates declare them: the entity table's components (each
//! entity's tile, and a character's or a stack's particulars) and the spatial table's layers.

entity_table::declare_entity_module! {
    components {
        tile: super::super::tile::Tile,
        // A character's side, kind and hit points, a stack's count: see `particulars`.
        particulars: super::super::particulars::Particulars,
    }
}

spatial_table::declare_layers_module! {
    layers {
        floor: Floor,
        feature: Feature,
        corpse: Corpse,
        // Items lie beside corpses: an orc dying on a potion must not destroy it.
        item: Item,
        character: Character,
    }
}
pub use components::Components;
pub use layers::{Layer, LayerTable, Layers};
