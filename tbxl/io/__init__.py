"""tbxl/io"""
