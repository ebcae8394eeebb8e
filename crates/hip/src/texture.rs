//! Arrays, textures and surfaces.
