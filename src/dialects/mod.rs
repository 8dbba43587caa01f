//! IR dialects, each a folder of nodes, operators, builder frames and printer hooks.

pub mod s_tir;
pub mod tirx;
